/**
 * The yardstick of `npm run bench`: Fastify with nothing added, in a process of its own, answering
 * one small JSON. Prints its address once listening.
 */
import Fastify from 'fastify';

const app = Fastify();
app.get('/hello', async () => ({ hello: 'world' }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(address);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
