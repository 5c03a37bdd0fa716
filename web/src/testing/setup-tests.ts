import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { chunkLoadsSettled } from '@/lib/chunk-loads';
import { FakeWebSocket } from '@/testing/fake-websocket';

// Lazy routes load their chunk on first render; on a busy two-core CI machine that can take more than the default
// second, so `findBy…` waits longer before giving up (a bound on waiting, not an assertion on speed).
configure({ asyncUtilTimeout: 5_000 });

// No test talks to a real server: the live connection gets a socket that only the test drives.
globalThis.WebSocket = FakeWebSocket as unknown as typeof WebSocket;

// jsdom has <dialog> but not its modal API; this stands in for what the browser does.
if (typeof HTMLDialogElement !== 'undefined') {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { __polyfilled?: boolean };
  if (!proto.showModal || !proto.__polyfilled) {
    proto.showModal = function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    proto.show = function show(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    proto.close = function close(this: HTMLDialogElement) {
      if (!this.hasAttribute('open')) return;
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    };
    proto.__polyfilled = true;
  }
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  FakeWebSocket.reset();
});

// A prefetch a test's last click started (the sign-in dialogs' code) must arrive before the file's page is torn
// down, or the loader fails on a page that is gone.
afterAll(chunkLoadsSettled);
