import type { MessageCatalogue } from '../serverMessages.js';
import { frAreaLabels, frAreaMessages, frAreaShapes } from './frAreas.js';

/**
 * The server's answers in French, keyed by their English (docs/decisions/0231-mail-frame-and-server-language.md):
 * whole messages, then the shapes of the validation messages with a field's label in them, the
 * label written as French says it at the head of a sentence. A message not here goes out in English.
 */
export const fr: MessageCatalogue = {
  messages: {
    'Something went wrong': 'Une erreur s’est produite',
    'Invalid request': 'Requête non valide',
    'Bad request': 'Requête non valide',
    'Too many requests, please try again later': 'Trop de requêtes, veuillez réessayer plus tard',
    'This record already exists': 'Cet enregistrement existe déjà',
    'The database is unavailable right now; please try again in a moment':
      'La base de données est indisponible pour le moment ; veuillez réessayer dans un instant',
    'Unsupported content type': 'Type de contenu non pris en charge',
    'Request body is too large': 'Le corps de la requête est trop volumineux',
    'The request body is not valid JSON': 'Le corps de la requête n’est pas du JSON valide',
    'Invalid username or password': 'Nom d’utilisateur ou mot de passe incorrect',
    'Invalid or expired OTP': 'Code non valide ou expiré',
    'Your account has been disabled. Please contact an administrator.':
      'Votre compte a été désactivé. Veuillez contacter un administrateur.',
    'The current password is not correct': 'Le mot de passe actuel est incorrect',
    'The server is busy checking other passwords. Please try again in a few seconds.':
      'Le serveur vérifie d’autres mots de passe. Veuillez réessayer dans quelques secondes.',
    'Too many password checks from your address at once. Please try again in a few seconds.':
      'Trop de vérifications de mot de passe depuis votre adresse en même temps. Veuillez réessayer dans quelques secondes.',
    'If the address belongs to an account, a code has been sent to it.': 'Si l’adresse correspond à un compte, un code lui a été envoyé.',
    'Please enter a valid email address': 'Veuillez saisir une adresse e-mail valide',
    'Password must be at least 8 characters and contain a letter and a number':
      'Le mot de passe doit contenir au moins 8 caractères, dont une lettre et un chiffre',
    'OTP must be 6 digits': 'Le code doit comporter 6 chiffres',
    'User name must be 3 to 40 letters, digits, dots, dashes or underscores':
      'Le nom d’utilisateur doit comporter de 3 à 40 lettres, chiffres, points, tirets ou tirets bas',
    'You cannot decide your own request': 'Vous ne pouvez pas décider de votre propre demande',
    'You cannot book an appointment with yourself': 'Vous ne pouvez pas prendre rendez-vous avec vous-même',
    'This time has passed': 'Cet horaire est passé',
    'Choose a time in the future': 'Choisissez un horaire à venir',
    'The host is not available at this time': 'La personne n’est pas disponible à cet horaire',
    ...frAreaMessages,
    'None of the people chosen is someone you may invite; nobody was invited':
      'Aucune des personnes choisies ne peut être invitée par vous ; personne n’a été invité',
    'The people chosen have disabled or archived accounts; nobody was invited':
      'Les personnes choisies ont un compte désactivé ou archivé ; personne n’a été invité',
  },
  labels: {
    Email: 'L’adresse e-mail',
    Password: 'Le mot de passe',
    'Current password': 'Le mot de passe actuel',
    'First name': 'Le prénom',
    'Last name': 'Le nom de famille',
    'Mobile 1': 'Le mobile 1',
    'Email or user name': 'L’adresse e-mail ou le nom d’utilisateur',
    OTP: 'Le code',
    'Date of birth': 'La date de naissance',
    Title: 'Le titre',
    Body: 'Le texte',
    Comment: 'Le commentaire',
    Reason: 'Le motif',
    ...frAreaLabels,
  },
  shapes: [
    [/^(.+) is required$/, (label) => `${label} est obligatoire`],
    [/^(.+) must be at most (\d+) characters$/, (label, n) => `${label} doit contenir au plus ${n} caractères`],
    [/^(.+) must be text$/, (label) => `${label} doit être un texte`],
    [/^(.+) must be a valid id$/, (label) => `${label} doit être un identifiant valide`],
    [/^(.+) must be a number$/, (label) => `${label} doit être un nombre`],
    [/^(.+) must be a whole number$/, (label) => `${label} doit être un nombre entier`],
    [/^(.+) must be a date \(YYYY-MM-DD\)$/, (label) => `${label} doit être une date (AAAA-MM-JJ)`],
    [/^(.+) must be a date and time$/, (label) => `${label} doit être une date et une heure`],
    [/^(.+) cannot be in the future$/, (label) => `${label} ne peut pas être dans le futur`],
    [/^(.+) must be between (\S+) and (\S+)$/, (label, from, to) => `${label} doit être comprise entre ${from} et ${to}`],
    [/^(.+) cannot be below (\S+)$/, (label, n) => `${label} ne peut pas être inférieur à ${n}`],
    [/^(.+) cannot be above (\S+)$/, (label, n) => `${label} ne peut pas être supérieur à ${n}`],
    [/^The language must be one of: (.+)$/, (codes) => `La langue doit être l’une de : ${codes}`],
    [/^This request has already been (approved|rejected|cancelled)\.$/, (status) => `Cette demande a déjà été ${STATUS[status]}.`],
    ...frAreaShapes,
  ],
};

const STATUS: Record<string, string> = { approved: 'approuvée', rejected: 'refusée', cancelled: 'annulée' };
