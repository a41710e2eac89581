import { describe, expect, it } from 'vitest';
import { framedMail, type FrameInput } from './mailFrame.js';

// docs/decisions/0237: with PUBLIC_URL the frame's footer links to where the email preferences are.

const MAIL: FrameInput = { subject: 'News', text: 'Hello all.', category: 'messages', language: 'fr', firstName: 'Amélie', attachments: 0 };

describe('the frame of a mail', () => {
  it('links to the notifications page at the public address, in the reader’s language', () => {
    const framed = framedMail('Flock', MAIL, 'https://flock.example.org');
    expect(framed.text).toMatch(/\nVos notifications et préférences d’e-mail : https:\/\/flock\.example\.org\/notifications$/);
    const english = framedMail('Flock', { ...MAIL, language: 'en' }, 'https://flock.example.org');
    expect(english.text).toMatch(/\nYour notifications and email preferences: https:\/\/flock\.example\.org\/notifications$/);
  });

  it('carries no link without a public address', () => {
    expect(framedMail('Flock', MAIL).text).not.toMatch(/https?:\/\//);
  });
});
