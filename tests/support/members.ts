import { ADMIN_EMAIL, startServer, type TestServer } from './server.js';
import { createUser } from './users.js';

export type Account = Awaited<ReturnType<typeof createUser>>;

/** A fresh test server with the administrator's token and two signed-in members (verified, role member). */
export async function serverWithMembers(): Promise<{ s: TestServer; admin: string; member: Account; other: Account }> {
  const s = await startServer();
  return { s, admin: await s.login(ADMIN_EMAIL), member: await createUser(s), other: await createUser(s) };
}
