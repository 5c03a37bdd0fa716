/**
 * The one WebSocket to `/api/v1/ws` (same origin; wss on an https page). Push only: the client says nothing but
 * `{type:"auth", token, batch}`, asking for its settled tickets batched (`AUTH_BATCH`: one `tickets.settled` per
 * draw instead of one `ticket.settled` per ticket).
 *
 * - Reconnects after any close with exponential backoff and jitter (`backoffDelayMs`), at once when the browser
 *   comes back online or the tab is shown again, and at once on a `seq` gap (a fresh snapshot heals it).
 * - Logged in: sends `auth` right after each open, and when a player logs in on an open guest socket. The server
 *   takes one `auth` per socket, so a different token (another account, a log out) means a new socket.
 * - Every message goes through the pure `reduceRealtime`; the state is a small store React reads, and effects
 *   (balance, tickets, results) go to whoever listens (the provider wires them to the query cache). Each new
 *   socket starts unsynced, until its own snapshot arrives (and, for the player's own data, the one answering
 *   `auth`).
 */
import { createStore } from '@/lib/create-store';
import {
  AUTH_BATCH,
  backoffDelayMs,
  initialRealtimeState,
  reduceRealtime,
  type RealtimeEffect,
  type RealtimeMessage,
  type RealtimeState,
} from '@/lib/realtime';
import { setServerOffset } from '@/lib/server-clock';

export type ConnectionStatus = 'idle' | 'connecting' | 'open' | 'waiting';

export function socketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/v1/ws`;
}

export class RealtimeClient {
  readonly state = createStore<RealtimeState>(initialRealtimeState);
  readonly status = createStore<ConnectionStatus>('idle');
  private socket: WebSocket | null = null;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private running = false;
  private token: string | null = null;
  /** The token this socket has sent `auth` with. */
  private authedWith: string | null = null;
  private readonly effectListeners = new Set<(effect: RealtimeEffect) => void>();
  private readonly messageListeners = new Set<(message: RealtimeMessage) => void>();

  constructor(private readonly url: () => string = () => socketUrl()) {}

  start() {
    if (this.running) return;
    this.running = true;
    window.addEventListener('online', this.wake);
    document.addEventListener('visibilitychange', this.wake);
    this.open();
  }

  /** Closes the socket for good and forgets the live state: a later `start` begins a new life. */
  stop() {
    this.running = false;
    window.removeEventListener('online', this.wake);
    document.removeEventListener('visibilitychange', this.wake);
    clearTimeout(this.retryTimer);
    this.drop();
    this.status.set('idle');
    this.state.set(initialRealtimeState);
  }

  /** The session's token (null: guest). Sends `auth`, or starts a new socket, as the change needs. */
  setToken(token: string | null) {
    if (token === this.token) return;
    this.token = token;
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return; // `open` sends it
    if (this.authedWith === null && token) this.sendAuth();
    else if (this.authedWith !== null) this.reconnectNow();
  }

  onEffect(listener: (effect: RealtimeEffect) => void): () => void {
    this.effectListeners.add(listener);
    return () => this.effectListeners.delete(listener);
  }

  /** Every message as it arrives, for topics this client does not model itself (`marquee`, `admin`). */
  onMessage(listener: (message: RealtimeMessage) => void): () => void {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }

  /** Drop this socket and open a new one now (a `seq` gap, or a change of account). */
  reconnectNow() {
    if (!this.running) return;
    clearTimeout(this.retryTimer);
    this.drop();
    this.attempt = 0;
    this.open();
  }

  private readonly wake = () => {
    if (!this.running || document.visibilityState === 'hidden') return;
    if (!this.socket) this.reconnectNow();
  };

  private open() {
    let socket: WebSocket;
    try {
      socket = new WebSocket(this.url());
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    this.authedWith = null;
    this.status.set('connecting');
    const state = this.state.get();
    if (state.synced || state.playerSynced) this.state.set({ ...state, synced: false, playerSynced: false });
    socket.onopen = () => {
      this.status.set('open');
      if (this.token) this.sendAuth();
    };
    socket.onmessage = (event: MessageEvent) => this.receive(event.data);
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.scheduleRetry();
    };
    // An error is always followed by a close; the close does the work.
    socket.onerror = () => undefined;
  }

  private drop() {
    const socket = this.socket;
    this.socket = null;
    this.authedWith = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      if (socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN) socket.close(1000);
    }
  }

  private scheduleRetry() {
    if (!this.running) return;
    this.status.set('waiting');
    const delay = backoffDelayMs(this.attempt);
    this.attempt += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.open(), delay);
  }

  private sendAuth() {
    if (!this.socket || !this.token) return;
    this.authedWith = this.token;
    this.socket.send(JSON.stringify({ type: 'auth', token: this.token, batch: AUTH_BATCH }));
  }

  private receive(raw: unknown) {
    let message: RealtimeMessage;
    try {
      message = JSON.parse(String(raw)) as RealtimeMessage;
    } catch {
      return;
    }
    if (!message || typeof message.type !== 'string') return;
    const { state, effects } = reduceRealtime(this.state.get(), message, Date.now());
    if (message.type === 'snapshot') this.attempt = 0; // a healthy connection resets the backoff
    if (state !== this.state.get()) this.state.set(state);
    if (state.offsetMs !== null) setServerOffset(state.offsetMs);
    for (const listener of this.messageListeners) listener(message);
    for (const effect of effects) {
      if (effect.kind === 'reconnect') {
        this.reconnectNow();
        continue;
      }
      if (effect.kind === 'auth-refused') this.authedWith = null;
      for (const listener of this.effectListeners) listener(effect);
    }
  }
}

/** The app's one connection, made on first use. */
let client: RealtimeClient | null = null;
export function getRealtimeClient(): RealtimeClient {
  client ??= new RealtimeClient();
  return client;
}
