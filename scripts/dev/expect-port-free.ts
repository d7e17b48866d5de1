// Before building anything, `praxis dev` makes sure its port is free: wrangler would otherwise fail
// to bind it seconds later, while the program already listening there answered the health check.
import { createServer } from 'node:net';
import { PraxisError } from '../../src/shared/praxis-error.ts';

/** Fails at once, naming the address, when another program listens there already. */
export async function expectPortFree(ip: string, port: number): Promise<void> {
  const taken = await new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'EADDRINUSE'));
    probe.listen({ host: ip, port, exclusive: true }, () => probe.close(() => resolve(false)));
  });
  if (taken)
    throw new PraxisError(
      `Address already in use (${ip}:${port}): another program is listening there. Stop it or choose another port with --port.`,
    );
}
