/**
 * The areas' refusals in French (server/modules/**), keyed by their English as fr.ts's
 * (docs/decisions/0231, 0237): whole messages, the names of what may be not found, and the
 * shapes of the messages with a name, a number or a date inside. server/http/messages/coverage.test.ts
 * fails when a message thrown with a literal has no French here or in fr.ts.
 */

export const frAreaMessages: Record<string, string> = {
  // lists and the engines under them
  'Not found': 'Introuvable',
  'You are not authorised': 'Vous n’êtes pas autorisé',
  'CustomValue, CustomFrom and CustomTo need CustomField': 'CustomValue, CustomFrom et CustomTo demandent CustomField',
  'Give CustomValue, or CustomFrom and CustomTo, with CustomField': 'Donnez CustomValue, ou CustomFrom et CustomTo, avec CustomField',
  'CustomField must be a field you may filter by': 'CustomField doit être un champ par lequel vous pouvez filtrer',
  'Cursor was made for another SortBy or SortOrder': 'Ce curseur a été fait pour un autre SortBy ou SortOrder',
  'Cursor must be a nextCursor returned by this list': 'Le curseur doit être un nextCursor renvoyé par cette liste',
  'Cursor must be a nextCursor returned by this timeline': 'Le curseur doit être un nextCursor renvoyé par cet historique',
  'Cursor is not one this list gave': 'Ce curseur ne vient pas de cette liste',
  'Unknown cursor': 'Curseur inconnu',
  'updatedAt must be the record’s updatedAt as it was loaded': 'updatedAt doit être celui de l’enregistrement tel qu’il a été chargé',
  'This record was changed by someone else since you opened it':
    'Quelqu’un d’autre a modifié cet enregistrement depuis que vous l’avez ouvert',
  // appointments
  'This time is too far ahead': 'Cet horaire est trop éloigné',
  'This appointment changed meanwhile; please reload it': 'Ce rendez-vous a changé entre-temps ; veuillez le recharger',
  'This time is no longer free; please choose another slot': 'Cet horaire n’est plus libre ; veuillez en choisir un autre',
  'You already have an appointment at this time': 'Vous avez déjà un rendez-vous à cet horaire',
  // auth
  'This user name is already taken': 'Ce nom d’utilisateur est déjà pris',
  'This email is already registered': 'Cette adresse e-mail est déjà enregistrée',
  'This password is one of the most common ones and easy to guess; please choose another':
    'Ce mot de passe fait partie des plus courants et se devine facilement ; veuillez en choisir un autre',
  'Your profile has not been activated. Please verify your email address.':
    'Votre profil n’est pas encore activé. Veuillez confirmer votre adresse e-mail.',
  // celebrations
  'You may only see your own CIH center’s birthdays and anniversaries': 'Vous ne voyez que les anniversaires de votre propre centre CIH',
  "You may only see your own CIH center's birthdays and anniversaries": 'Vous ne voyez que les anniversaires de votre propre centre CIH',
  'Only the church office sees the whole church’s birthdays and anniversaries':
    'Seul le secrétariat voit les anniversaires de toute l’église',
  "Only the church office sees the whole church's birthdays and anniversaries":
    'Seul le secrétariat voit les anniversaires de toute l’église',
  'Only the church office, heads of department and CIH leaders see birthdays and anniversaries':
    'Seuls le secrétariat, les responsables de département et les responsables CIH voient les anniversaires',
  // CIH
  'You are not in a CIH center': 'Vous n’êtes pas dans un centre CIH',
  'A member is marked twice': 'Un membre est pointé deux fois',
  'Only members of this center can be marked': 'Seuls les membres de ce centre peuvent être pointés',
  'A meeting cannot move to another center': 'Une réunion ne peut pas passer à un autre centre',
  "A first-timer needs a first and a last name: add the visitor's last name first":
    'Un nouveau venu a besoin d’un prénom et d’un nom : ajoutez d’abord le nom du visiteur',
  'No person has this id': 'Personne n’a cet identifiant',
  'Only the inspectorate files inspection reports': 'Seule l’inspection dépose les rapports d’inspection',
  'Only a CIH pastor may change a report once it is filed': 'Seul un pasteur CIH peut modifier un rapport une fois déposé',
  'Only the inspectorate sees zone statistics': 'Seule l’inspection voit les statistiques des zones',
  'You may only see the reports of your own CIH center': 'Vous ne voyez que les rapports de votre propre centre CIH',
  'You may only file reports for your own CIH center': 'Vous ne déposez de rapports que pour votre propre centre CIH',
  'A newer save of this meeting is on the server': 'Une version plus récente de cette réunion est sur le serveur',
  // departments
  'The head of a department cannot be delisted from it; appoint another head first.':
    'Le responsable d’un département ne peut pas en être retiré ; nommez d’abord un autre responsable.',
  'Only the head of this department may do this': 'Seul le responsable de ce département peut le faire',
  'The head of department must be a member of the department': 'Le responsable doit être membre du département',
  // files
  'No photo': 'Aucune photo',
  'Send the file as multipart/form-data': 'Envoyez le fichier en multipart/form-data',
  'Choose a file to upload': 'Choisissez un fichier à envoyer',
  // gatherings: events, outreach, venues
  'Only the requester may withdraw a pending event request': 'Seul le demandeur peut retirer une demande d’événement en attente',
  'Only the requester of the outreach or the outreach office may write its report':
    'Seuls le demandeur de l’évangélisation ou le bureau de l’évangélisation peuvent en rédiger le rapport',
  'This outreach already has a report; update it instead': 'Cette évangélisation a déjà un rapport ; modifiez-le plutôt',
  'Only the requester of the outreach or the outreach office may delete its report':
    'Seuls le demandeur de l’évangélisation ou le bureau de l’évangélisation peuvent en supprimer le rapport',
  'From must not be after To': 'La date de début ne doit pas être après la date de fin',
  'A team member is not a user': 'Un membre de l’équipe n’est pas un utilisateur',
  'Only the member who filed this request may change it': 'Seul le membre qui a déposé cette demande peut la modifier',
  'Only the requester may withdraw a pending outreach request': 'Seul le demandeur peut retirer une demande d’évangélisation en attente',
  'No venue has this id': 'Aucune salle n’a cet identifiant',
  'Only the member who asked for this booking may change it': 'Seul le membre qui a demandé cette réservation peut la modifier',
  'This booking belongs to an event request: decide the event with ApproveOrRejectEvent':
    'Cette réservation fait partie d’une demande d’événement : décidez de l’événement avec ApproveOrRejectEvent',
  'This venue is already booked at an overlapping time': 'Cette salle est déjà réservée sur un horaire qui chevauche celui-ci',
  'Only the requester may withdraw a pending booking': 'Seul le demandeur peut retirer une réservation en attente',
  // giving
  'The splits must add up to the amount': 'La répartition doit égaler le montant',
  'A fund is named twice': 'Un fonds est cité deux fois',
  'A gift is given by a person or by a family, not both': 'Un don est fait par une personne ou par une famille, pas les deux',
  'Match the gift to a person or to a family': 'Rattachez le don à une personne ou à une famille',
  'This gift is already matched to its giver': 'Ce don est déjà rattaché à son donateur',
  'The notice nests too deep': 'L’avis est imbriqué trop profondément',
  'Invalid signature': 'Signature invalide',
  "A pledge to a campaign is to the campaign's fund": 'Une promesse de don à une campagne va au fonds de la campagne',
  'Posted money is never edited: record a refund or a correction':
    'L’argent validé n’est jamais modifié : enregistrez un remboursement ou une correction',
  'This batch is not posted yet: its entries must equal the counted total and be posted first':
    'Ce lot n’est pas encore validé : ses saisies doivent égaler le total compté et être validées d’abord',
  'This batch is already approved': 'Ce lot est déjà approuvé',
  'A batch is approved by someone other than those who counted, entered or posted it':
    'Un lot est approuvé par une autre personne que celles qui l’ont compté, saisi ou validé',
  'Only a gift is refunded or corrected, not a refund or a reversal':
    'Seul un don se rembourse ou se corrige, pas un remboursement ni une annulation',
  'This gift is not posted yet: change it in its batch': 'Ce don n’est pas encore validé : modifiez-le dans son lot',
  'This gift was corrected: refund the correction instead': 'Ce don a été corrigé : remboursez plutôt la correction',
  'A refund takes back no more than was given to a fund and not yet refunded':
    'Un remboursement ne reprend pas plus que ce qui a été donné à un fonds et pas encore remboursé',
  'This gift was already corrected: correct the correction instead': 'Ce don a déjà été corrigé : corrigez plutôt la correction',
  'Part of this gift was refunded: record another refund instead of a correction':
    'Une partie de ce don a été remboursée : enregistrez un autre remboursement plutôt qu’une correction',
  'An entry of a batch is approved with its batch': 'Une saisie d’un lot est approuvée avec son lot',
  'This refund or correction is already approved': 'Ce remboursement ou cette correction est déjà approuvé',
  'A refund or correction is approved by someone other than whoever recorded it':
    'Un remboursement ou une correction est approuvé par une autre personne que celle qui l’a enregistré',
  'This batch is posted: its entries are locked': 'Ce lot est validé : ses saisies sont verrouillées',
  'This correction waits for approval: approve it first': 'Cette correction attend son approbation : approuvez-la d’abord',
  // goals
  'Only a manual goal takes recorded values; the others are measured':
    'Seul un objectif manuel reçoit des valeurs saisies ; les autres sont mesurés',
  'Only the goal’s owner records its progress': 'Seul le propriétaire de l’objectif en saisit la progression',
  // households
  'A person is named twice in this family': 'Une personne est citée deux fois dans cette famille',
  'A person chosen is not in your member list; nobody was changed':
    'Une personne choisie n’est pas dans votre liste de membres ; personne n’a été modifié',
  'A person chosen already belongs to a household': 'Une personne choisie appartient déjà à une famille',
  // meetings
  'Only the one who called this meeting or the church office changes it':
    'Seuls la personne qui a convoqué cette réunion ou le secrétariat la modifient',
  'Attendance is marked for invitees only': 'La présence ne se pointe que pour les invités',
  'The one who called the meeting stays invited': 'La personne qui a convoqué la réunion reste invitée',
  // notifications
  'Choose who receives it': 'Choisissez qui le reçoit',
  'Choose at least one person': 'Choisissez au moins une personne',
  'AudienceId must be a valid id': 'AudienceId doit être un identifiant valide',
  'You may choose only people of your own department or center':
    'Vous ne pouvez choisir que des personnes de votre département ou de votre centre',
  'Send the message as multipart/form-data': 'Envoyez le message en multipart/form-data',
  'You may not send to this audience: administrators send to anyone, a head of department to their department, a CIH pastor to their center, the inspectorate to zones and centers':
    'Vous ne pouvez pas écrire à ce public : les administrateurs écrivent à tous, un responsable de département à son département, un pasteur CIH à son centre, l’inspection aux zones et aux centres',
  'SortBy must be a custom field you may sort by': 'SortBy doit être un champ personnalisé par lequel vous pouvez trier',
  // people
  'A pair is two different people': 'Une paire, c’est deux personnes différentes',
  'The mapping names a custom field you may not import': 'La correspondance cite un champ personnalisé que vous ne pouvez pas importer',
  'The file is too large to read; split it into smaller files':
    'Le fichier est trop volumineux pour être lu ; découpez-le en fichiers plus petits',
  'The file is empty': 'Le fichier est vide',
  'The file is larger than 5 MB': 'Le fichier dépasse 5 Mo',
  'The XLSX workbook could not be read': 'Le classeur XLSX n’a pas pu être lu',
  'The file is neither CSV text nor an XLSX workbook': 'Le fichier n’est ni un texte CSV ni un classeur XLSX',
  'The file has a header row but no people': 'Le fichier a une ligne d’en-tête mais aucune personne',
  'The file has no rows': 'Le fichier n’a aucune ligne',
  'The workbook has no sheet': 'Le classeur n’a aucune feuille',
  'An email in the file was registered meanwhile: preview again':
    'Une adresse e-mail du fichier a été enregistrée entre-temps : refaites l’aperçu',
  'Choose a stage to filter by its start date': 'Choisissez une étape pour filtrer par sa date de début',
  'A record cannot be merged with itself: choose two different people':
    'Un enregistrement ne peut pas être fusionné avec lui-même : choisissez deux personnes différentes',
  'The record to keep was not found': 'L’enregistrement à garder est introuvable',
  'The record to merge was not found': 'L’enregistrement à fusionner est introuvable',
  'Unknown department': 'Département inconnu',
  'You already have a saved list with this name': 'Vous avez déjà une liste enregistrée de ce nom',
  'Only the church office shares a saved list': 'Seul le secrétariat partage une liste enregistrée',
  'Only its owner or the church office renames this list': 'Seuls son propriétaire ou le secrétariat renomment cette liste',
  'Only its owner or the church office deletes this list': 'Seuls son propriétaire ou le secrétariat suppriment cette liste',
  'A tag with this name already exists': 'Une étiquette de ce nom existe déjà',
  'Tag must be a tag of the list': 'L’étiquette doit être une étiquette de la liste',
  'You may list first-timers only (Kind=firsttimer)': 'Vous ne pouvez lister que les nouveaux venus (Kind=firsttimer)',
  'You cannot disable your own account': 'Vous ne pouvez pas désactiver votre propre compte',
  'This person may already be on the list: open a match, or save anyway':
    'Cette personne est peut-être déjà dans la liste : ouvrez une correspondance, ou enregistrez quand même',
  // profile
  'The center is not in the chosen zone': 'Le centre n’est pas dans la zone choisie',
  'This member already has a church affiliation: update it instead': 'Ce membre a déjà un rattachement à l’église : modifiez-le plutôt',
  'Changing the status needs the right to update demise members': 'Changer le statut demande le droit de modifier les membres décédés',
  'This member already has biodata: update it instead': 'Ce membre a déjà des données personnelles : modifiez-les plutôt',
  'Care notes about yourself are kept by others': 'Les notes pastorales vous concernant sont tenues par d’autres',
  'This person has already been erased': 'Cette personne a déjà été effacée',
  'You cannot erase your own account': 'Vous ne pouvez pas effacer votre propre compte',
  'On your own church affiliation you may change only the zone and the center':
    'Sur votre propre rattachement, vous ne pouvez changer que la zone et le centre',
  'A CIH role is given by the inspectorate': 'Un rôle CIH est attribué par l’inspection',
  'A field with this name already exists': 'Un champ de ce nom existe déjà',
  'Email cannot be changed once it is set': 'L’adresse e-mail ne peut plus changer une fois saisie',
  'Mobile 1 cannot be changed once it is set': 'Le mobile 1 ne peut plus changer une fois saisi',
  // requests
  'The center has moved to another zone since the request was filed; reject it and file again':
    'Le centre a changé de zone depuis le dépôt de la demande ; refusez-la et déposez-en une nouvelle',
  'Only the member who filed this request may cancel it': 'Seul le membre qui a déposé cette demande peut l’annuler',
  'Only heads of department see department requests': 'Seuls les responsables de département voient les demandes de département',
  'Only the inspectorate sees zone and affinity-group requests': 'Seule l’inspection voit les demandes de zone et de groupe d’affinité',
  'Only administrators see every request': 'Seuls les administrateurs voient toutes les demandes',
  'Only members with church affiliations can make this request.': 'Seuls les membres rattachés à l’église peuvent faire cette demande.',
  // roles
  'The firsttimers role cannot be assigned': 'Le rôle firsttimers ne peut pas être attribué',
  'You cannot remove your own administrator role': 'Vous ne pouvez pas retirer votre propre rôle d’administrateur',
  'InspectorId must be your own id': 'InspectorId doit être votre propre identifiant',
  'The administrator role always holds every permission': 'Le rôle d’administrateur détient toujours toutes les permissions',
  'Convert the first-timer to a member before changing their role': 'Faites passer le nouveau venu membre avant de changer son rôle',
  'The last administrator cannot lose the administrator role': 'Le dernier administrateur ne peut pas perdre le rôle d’administrateur',
};

/**
 * What may be not found (`X not found!`, `X not found`), as French names it at the head of a
 * sentence; the shape below says the rest.
 */
export const frAreaLabels: Record<string, string> = {
  Department: 'Le département',
  Center: 'Le centre',
  Zone: 'La zone',
  Venue: 'La salle',
  'Activity report': 'Le rapport d’activité',
  'Inspection report': 'Le rapport d’inspection',
  'Follow-up report': 'Le rapport de suivi',
  'Affinity group': 'Le groupe d’affinité',
  Ministry: 'Le ministère',
  Unit: 'L’unité',
  'Special unit': 'L’unité spéciale',
  Accessory: 'L’accessoire',
  'Means of identification': 'La pièce d’identité',
  'Mountain of influence': 'La montagne d’influence',
  Visitor: 'Le visiteur',
  Convert: 'Le converti',
  Biodata: 'Les données personnelles',
  User: 'L’utilisateur',
  Host: 'La personne',
  Fund: 'Le fonds',
  Giver: 'Le donateur',
  Contribution: 'Le don',
  Batch: 'Le lot',
  Goal: 'L’objectif',
  Meeting: 'La réunion',
  Attendance: 'La présence',
  Household: 'La famille',
  Family: 'La famille',
  'Household member': 'Le membre de la famille',
  Request: 'La demande',
  Appointment: 'Le rendez-vous',
  Notification: 'La notification',
  Attachment: 'La pièce jointe',
  Tag: 'L’étiquette',
  'Saved list': 'La liste enregistrée',
  'Custom field': 'Le champ personnalisé',
  'Audit entry': 'L’entrée du journal',
  Role: 'Le rôle',
  'Spouse Detail': 'Le conjoint',
  Employer: 'L’employeur',
  Child: 'L’enfant',
  Qualification: 'Le diplôme',
  'Church Affiliation': 'Le rattachement à l’église',
  'Outreach request': 'La demande d’évangélisation',
  'Event request': 'La demande d’événement',
  'Venue request': 'La demande de salle',
  'Outreach Report': 'Le rapport d’évangélisation',
};

const STATUS: Record<string, string> = {
  approved: 'approuvée',
  rejected: 'refusée',
  cancelled: 'annulée',
  pending: 'en attente',
  withdrawn: 'retirée',
  completed: 'terminée',
  booked: 'réservé',
  confirmed: 'confirmé',
  declined: 'refusé',
};
const status = (s: string) => STATUS[s] ?? s;

/** The areas' messages made from a name, a number or a date: the English's shape and the French. */
export const frAreaShapes: Array<[RegExp, (...parts: string[]) => string]> = [
  [/^(.+) not found!?$/, (label) => `${label} est introuvable`],
  [/^SortBy must be one of: (.+)$/, (fields) => `SortBy doit être l’un de : ${fields}`],
  [
    /^The filter matches (\S+) people; an action takes at most (\S+) at once: narrow the filter$/,
    (n, max) => `Le filtre retient ${n} personnes ; une action en prend au plus ${max} à la fois : resserrez le filtre`,
  ],
  [
    /^(.+) is not a number or a date: filter it by CustomValue$/,
    (field) => `${field} n’est ni un nombre ni une date : filtrez-le par CustomValue`,
  ],
  [/^The request body nests deeper than (\d+) levels$/, (n) => `Le corps de la requête est imbriqué sur plus de ${n} niveaux`],
  [/^(.+) must not contain a NUL character$/, (field) => `${field} ne doit pas contenir de caractère NUL`],
  [/^This appointment is already (\w+)$/, (s) => `Ce rendez-vous est déjà ${status(s)}`],
  [/^To must be on or after From, at most (\d+) days later$/, (n) => `La fin doit être au plus tôt le début, et au plus ${n} jours après`],
  [
    /^Too many failed sign-in attempts\. Please wait (.+) before trying again, or reset your password\.$/,
    (wait) =>
      `Trop de tentatives de connexion échouées. Veuillez attendre ${wait} avant de réessayer, ou réinitialisez votre mot de passe.`,
  ],
  [/^Mark every member present or absent: (\d+) not marked$/, (n) => `Pointez chaque membre présent ou absent : ${n} non pointé(s)`],
  [/^This center already has a meeting on (\S+)$/, (day) => `Ce centre a déjà une réunion le ${day}`],
  [/^(.+) is already on the first-timer list$/, (name) => `${name} est déjà sur la liste des nouveaux venus`],
  [/^This member is not in the (.+) department$/, (dept) => `Ce membre n’est pas dans le département ${dept}`],
  [
    /^This member has no delisting from the (.+) department to undo$/,
    (dept) => `Ce membre n’a pas de retrait du département ${dept} à annuler`,
  ],
  [/^The form's (.+) does not match the query's$/, (key) => `Le champ ${key} du formulaire ne correspond pas à celui de la requête`],
  [/^(.+) is empty$/, (file) => `${file} est vide`],
  [
    /^Only an approved outreach is reported; this one is (\w+)$/,
    (s) => `Seule une évangélisation approuvée a un rapport ; celle-ci est ${status(s)}`,
  ],
  [/^(.+) is not taking bookings$/, (venue) => `${venue} n’accepte pas de réservations`],
  [
    /^(.+) is already booked on (\S+) from (\S+) to (\S+) for "(.*)" \(booking (.+)\)$/,
    (venue, day, from, to, purpose, id) =>
      `${venue} est déjà réservée le ${day} de ${from} à ${to} pour « ${purpose} » (réservation ${id})`,
  ],
  [/^A fund named '(.+)' already exists$/, (name) => `Un fonds nommé « ${name} » existe déjà`],
  [/^A campaign named '(.+)' already exists$/, (name) => `Une campagne nommée « ${name} » existe déjà`],
  [/^The fund '(.+)' is already retired$/, (name) => `Le fonds « ${name} » est déjà retiré`],
  [/^The fund '(.+)' is retired$/, (name) => `Le fonds « ${name} » est retiré`],
  [/^This batch is counted in (\S+)$/, (currency) => `Ce lot est compté en ${currency}`],
  [
    /^The entries come to (.+) but the counted total is (.+): a difference of (.+)$/,
    (entered, counted, difference) =>
      `Les saisies font ${entered} mais le total compté est de ${counted} : une différence de ${difference}`,
  ],
  [
    /^(.+) already belongs to the household '(.+)'; remove them there first$/,
    (name, family) => `${name} appartient déjà à la famille « ${family} » ; retirez-l’en d’abord`,
  ],
  [
    /^(.+) not someone you may invite; nobody was invited$/,
    (whom) => `${whom} : personne que vous pouvez inviter ; personne n’a été invité`,
  ],
  [/^Audience must be one of (.+)$/, (kinds) => `Audience doit être l’un de : ${kinds}`],
  [/^That (.+) does not exist$/, (what) => `Ce ${what} n’existe pas`],
  [
    /^(.+) is not a PDF or an image \(PDF, PNG, JPEG, GIF, WebP allowed\)$/,
    (file) => `${file} n’est ni un PDF ni une image (PDF, PNG, JPEG, GIF, WebP acceptés)`,
  ],
  [
    /^(.+) exceeds the maximum file size \((\w+)\)$/,
    (file, size) => `${file} dépasse la taille maximale (${size.replace('MB', ' Mo').replace('KB', ' Ko')})`,
  ],
  [/^Attach at most (\d+) files$/, (n) => `Joignez au plus ${n} fichiers`],
  [/^No assignable platform role is named "(.+)"$/, (name) => `Aucun rôle attribuable ne s’appelle « ${name} »`],
  [/^Nothing was converted: (.+)$/, (why) => `Personne n’a changé d’étape : ${why}`],
  [
    /^A printed directory holds at most (\S+) people; narrow the filter or select fewer people$/,
    (n) => `Un annuaire imprimé contient au plus ${n} personnes ; resserrez le filtre ou sélectionnez moins de personnes`,
  ],
  [
    /^A first-timer needs an email and a phone number: add them to the (.+) first$/,
    (source) => `Un nouveau venu a besoin d’une adresse e-mail et d’un numéro de téléphone : ajoutez-les d’abord (${source})`,
  ],
  [/^A user with the email (.+) already exists$/, (email) => `Un utilisateur avec l’adresse ${email} existe déjà`],
  [/^(.+) is not a first-timer$/, (who) => `${who} n’est pas un nouveau venu`],
  [
    /^(\d+) of (\d+) rows have problems: nothing was imported$/,
    (bad, all) => `${bad} lignes sur ${all} ont des problèmes : rien n’a été importé`,
  ],
  [
    /^Start date cannot be before (\S+), when the current stage began$/,
    (day) => `La date de début ne peut pas être avant le ${day}, début de l’étape en cours`,
  ],
  [/^(.+) is already a (\w+)$/, (who, stage) => `${who} est déjà à l’étape ${stage}`],
  [
    /^(.+) not in your lists of people; nobody was changed$/,
    (whom) => `${whom} : hors de vos listes de personnes ; personne n’a été modifié`,
  ],
  [
    /^(.+) holds values, so its type cannot change; add a new field and retire this one$/,
    (field) => `${field} contient des valeurs, son type ne peut donc pas changer ; ajoutez un nouveau champ et retirez celui-ci`,
  ],
  [
    /^Some people hold (.+): keep these choices, or change those people first$/,
    (choices) => `Des personnes ont ${choices} : gardez ces choix, ou modifiez d’abord ces personnes`,
  ],
  [/^Unknown field: (.+)$/, (fields) => `Champ inconnu : ${fields}`],
  [
    /^(.+) holds values for (\d+) (\S+): retire it instead, which keeps them$/,
    (field, n) => `${field} contient des valeurs pour ${n} personne(s) : retirez-le plutôt, ce qui les garde`,
  ],
  [
    /^This member already has (.+) details: update them instead$/,
    (what) => `Ce membre a déjà des informations (${what}) : modifiez-les plutôt`,
  ],
  [
    /^The (.+) this request names no longer exists; reject the request instead$/,
    (what) => `Ce que nomme cette demande (${what}) n’existe plus ; refusez plutôt la demande`,
  ],
  [
    /^The member heads the (.+) department and cannot leave it; appoint another head first$/,
    (dept) => `Ce membre dirige le département ${dept} et ne peut pas le quitter ; nommez d’abord un autre responsable`,
  ],
  [/^This request is decided with (.+), not (.+)$/, (right, called) => `Cette demande se décide avec ${right}, pas ${called}`],
  [/^"(.+)" is a CIH role: give it with AssignCIHRole$/, (role) => `« ${role} » est un rôle CIH : attribuez-le avec AssignCIHRole`],
  [/^The user does not hold the role "(.+)"$/, (role) => `L’utilisateur n’a pas le rôle « ${role} »`],
  [
    /^(.+) comes with the role "(.+)" itself: change the role, or take the role from the user$/,
    (permission, role) => `${permission} vient du rôle « ${role} » lui-même : modifiez le rôle, ou retirez-le à l’utilisateur`,
  ],
  [
    /^The user does not hold (.+) under the role "(.+)"$/,
    (permission, role) => `L’utilisateur n’a pas ${permission} au titre du rôle « ${role} »`,
  ],
  [/^The built-in role "(.+)" cannot be renamed$/, (role) => `Le rôle intégré « ${role} » ne peut pas être renommé`],
  [/^The built-in role "(.+)" cannot be deleted$/, (role) => `Le rôle intégré « ${role} » ne peut pas être supprimé`],
  [
    /^This role is held by (.+); give them another role first\.$/,
    (who) => `Ce rôle est détenu par ${who} ; donnez-leur d’abord un autre rôle.`,
  ],
  [/^There is already a role named "(.+)"$/, (name) => `Il existe déjà un rôle nommé « ${name} »`],
  [/^Not in the permission catalogue: (.+)$/, (names) => `Absent du catalogue des permissions : ${names}`],
  [/^The (.+) role cannot be assigned here$/, (role) => `Le rôle ${role} ne peut pas être attribué ici`],
  [
    /^This (.+) has (.+); move them before deleting it\.$/,
    (noun, held) => `Cet élément (${noun}) a ${held} ; déplacez-les avant de le supprimer.`,
  ],
  [/^This request has already been (\w+)\.$/, (s) => `Cette demande a déjà été ${status(s)}.`],
  [
    /^The file has (\S+) (rows|columns|cells); at most (\S+) are (?:imported|read)(?: at once)?$/,
    (n, what, max) => `Le fichier a ${n} ${SHEET[what]} ; au plus ${max} sont lues à la fois`,
  ],
  [
    /^The workbook has (\S+) parts; a spreadsheet of people has far fewer$/,
    (n) => `Le classeur a ${n} parties ; un tableau de personnes en a bien moins`,
  ],
  [
    /^The workbook unpacks to more than (.+); at most (.+) are read$/,
    (size, max) => `Le classeur décompressé dépasse ${size} ; au plus ${max} sont lus`,
  ],
  [
    /^The workbook has (\S+) cells; at most (\S+) are read at once$/,
    (n, max) => `Le classeur a ${n} cellules ; au plus ${max} sont lues à la fois`,
  ],
];

const SHEET: Record<string, string> = { rows: 'lignes', columns: 'colonnes', cells: 'cellules' };
