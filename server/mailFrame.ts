import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '@/domain/common/languages.js';
import type { EmailCategory } from '@/domain/notifications/schemas.js';

/** The words around a mail's own text, in one language. */
type FrameWords = {
  /** Between the app's name and the mail's subject (French puts a space before the colon). */
  subjectPrefix: (app: string) => string;
  greeting: (firstName: string) => string;
  /** A message's attachments wait in the app: the outbox attaches only the files it makes as a mail leaves (a statement's PDF). */
  attachments: (count: number) => string;
  /** Why this mail came, by the opt-out category it belongs to, and where to stop it. */
  footer: (app: string, category: EmailCategory) => string;
  /** Where the email preferences are, when the server knows its public address (PUBLIC_URL). */
  preferencesAt: (url: string) => string;
};

const CATEGORY_EN: Record<EmailCategory, string> = {
  messages: 'messages from the church',
  requests: 'decisions on your requests',
  approvals: 'requests waiting for your decision',
  statements: 'your giving statements',
};
const CATEGORY_FR: Record<EmailCategory, string> = {
  messages: 'les messages de l’église',
  requests: 'les décisions sur vos demandes',
  approvals: 'les demandes qui attendent votre décision',
  statements: 'vos relevés de dons',
};

/**
 * The frame of every mail the outbox sends, in each language Flock speaks; the type asks for every
 * language of the list (docs/decisions/0231-mail-frame-and-server-language.md). The mail's own text
 * (an administrator's message as written, a notification's words) sits inside it.
 */
const FRAMES: Record<LanguageCode, FrameWords> = {
  en: {
    subjectPrefix: (app) => `${app}: `,
    greeting: (name) => `Hello ${name},`,
    attachments: (n) => `${n} attachment${n === 1 ? '' : 's'}: sign in to read and download.`,
    footer: (app, category) =>
      `You receive this mail because ${app} mails you ${CATEGORY_EN[category]}. To stop them, open Notifications in ${app} and change your email preferences.`,
    preferencesAt: (url) => `Your notifications and email preferences: ${url}`,
  },
  fr: {
    subjectPrefix: (app) => `${app} : `,
    greeting: (name) => `Bonjour ${name},`,
    attachments: (n) =>
      `${n} pièce${n > 1 ? 's' : ''} jointe${n > 1 ? 's' : ''} : connectez-vous pour ${n > 1 ? 'les' : 'la'} lire et ${n > 1 ? 'les' : 'la'} télécharger.`,
    footer: (app, category) =>
      `Vous recevez cet e-mail car ${app} vous écrit pour ${CATEGORY_FR[category]}. Pour ne plus les recevoir, ouvrez Notifications dans ${app} et modifiez vos préférences d’e-mail.`,
    preferencesAt: (url) => `Vos notifications et préférences d’e-mail : ${url}`,
  },
};

/** What the outbox knows of a mail and its recipient when it sends it. */
export type FrameInput = {
  subject: string;
  text: string;
  category: EmailCategory;
  /** The recipient's users.language; null when the address has no account (then English). */
  language: string | null;
  firstName: string | null;
  attachments: number;
};

/**
 * The subject and text as sent: the mail's own words inside the frame, in the recipient's
 * language; with the public address (PUBLIC_URL), the footer links to the notifications page.
 */
export function framedMail(app: string, mail: FrameInput, publicUrl?: string): { subject: string; text: string } {
  const words = FRAMES[isLanguageCode(mail.language) ? mail.language : DEFAULT_LANGUAGE];
  const parts = [
    mail.firstName ? words.greeting(mail.firstName) : null,
    mail.text,
    mail.attachments ? words.attachments(mail.attachments) : null,
    `-- \n${words.footer(app, mail.category)}${publicUrl ? `\n${words.preferencesAt(`${publicUrl}/notifications`)}` : ''}`,
  ];
  return {
    subject: `${words.subjectPrefix(app)}${mail.subject}`,
    text: parts.filter((part) => part !== null).join('\n\n'),
  };
}
