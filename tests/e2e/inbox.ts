import { DEMO_PASSWORD, type E2e } from './harness.js';

/**
 * The titles in a demo person's inbox (their newest 50), asked of the API as they would ask it:
 * what an e2e test checks after a message was sent from a screen.
 */
export async function inboxTitles(e2e: E2e, email: string): Promise<string[]> {
  const login = await fetch(`${e2e.url}/api/Auth/Login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: email, password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()).data as { token: string };
  const res = await fetch(`${e2e.url}/api/Notification/GetAllNotifications?PageSize=50`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()).data as Array<{ title: string }>).map((n) => n.title);
}
