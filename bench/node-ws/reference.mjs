// The reference of the fan-out benchmark: the simplest WebSocket broadcast server one would write in Node.js with
// the `ws` package (defaults, no compression). Started by `ayo-bench fanout` (bench/src/reference.rs).
//
// - Every socket on /api/v1/ws gets a small snapshot on connect (the bench's clients wait for one).
// - `POST /broadcast` serialises one marquee message and sends it to every open socket, as Ayo's marquee does.
// - Prints `listening on PORT` once the port is bound (port 0: the kernel picks one).
import http from 'node:http';
import { WebSocketServer, WebSocket } from 'ws';

const server = http.createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/broadcast') {
    req.resume();
    req.on('end', () => {
      const frame = JSON.stringify({
        type: 'marquee.updated',
        seq: 1,
        data: {
          messages: [{ id: 1, text: 'Benchmark marquee: results are in', priority: 1 }],
          server_time: new Date().toISOString(),
        },
      });
      let sent = 0;
      for (const client of wss.clients) {
        if (client.readyState === WebSocket.OPEN) {
          client.send(frame);
          sent += 1;
        }
      }
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ sent }));
    });
    return;
  }
  res.writeHead(404);
  res.end();
});

const wss = new WebSocketServer({ server, path: '/api/v1/ws' });
wss.on('connection', (socket) => {
  socket.on('error', () => {});
  socket.send(JSON.stringify({ type: 'snapshot', seq: 0, data: { draws: [], marquee: [], server_time: new Date().toISOString() } }));
});

server.listen(0, '127.0.0.1', () => {
  console.log(`listening on ${server.address().port}`);
});
