// The floor under the release-night figures (bench/release.ts): a bare Node HTTP server, started with the same
// connection backlog as the app, that answers every request at once as availability with no times left. Whatever
// latency the release's load generator measures against it is this machine's, not the app's.
import { createServer } from 'node:http';

const body = JSON.stringify({ date: '2030-01-01', times: [] });
const server = createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  response.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1', 4096, () => process.stdout.write('ready\n'));
