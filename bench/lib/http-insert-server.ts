/**
 * The least a command over HTTP can do, for `bench/commands.ts`'s floor phase: Node's own HTTP server
 * (no framework, no token check, no stream read) that reads a JSON body and INSERTs it as one row, the
 * same INSERT as the bench's plain baseline, then answers 204. Whatever share of the plain INSERT this
 * reaches is the most any command-api could reach on the same machine.
 *
 *   PORT=… POSTGRES_URL=… BENCH_TABLE=… BENCH_POOL=50 node --import tsx bench/lib/http-insert-server.ts
 */
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.POSTGRES_URL, max: Number(process.env.BENCH_POOL ?? 50) });
const table = process.env.BENCH_TABLE;
if (!table || !/^\w+$/.test(table)) throw new Error('BENCH_TABLE must name the baseline table');

const server = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/ready') {
    response.writeHead(200).end();
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const data = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    pool.query(`INSERT INTO ${table} (stream, data) VALUES ($1, $2)`, [`application-${randomUUID()}`, data]).then(
      () => response.writeHead(204).end(),
      () => response.writeHead(500).end(),
    );
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => {
  server.close();
  void pool.end();
});
