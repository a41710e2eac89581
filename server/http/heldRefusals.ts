import type { FastifyInstance } from 'fastify';

/** Refusals held at once; beyond it they are answered at once (holding costs a socket each). */
const MAX_HELD = 1000;

/**
 * A refusal that asks the client to come back later (429 or 503 with Retry-After) is answered
 * after `holdMs`, not at once: a client that ignores Retry-After and asks again as soon as it is
 * answered (a flood of wrong sign-ins) then asks once a `holdMs` instead of as fast as the server
 * can refuse, and the server's time goes to the calls it admitted (docs/decisions/0216).
 */
export function registerHeldRefusals(app: FastifyInstance, holdMs: number) {
  if (holdMs <= 0) return;
  let held = 0;
  app.addHook('onSend', async (_request, reply) => {
    const asksToWait = (reply.statusCode === 429 || reply.statusCode === 503) && reply.hasHeader('retry-after');
    if (!asksToWait || held >= MAX_HELD) return;
    held++;
    try {
      await new Promise((resolve) => setTimeout(resolve, holdMs));
    } finally {
      held--;
    }
  });
}
