import { DEFAULT_LABELS, TOOL_LABELS, type Labels } from '../../src/ui/labels';

/** A partial French translation: what is not translated falls back to English. */
const fr: Labels = {
  'status.submitted': 'Acceptée',
  'status.routing': 'Routage',
  'status.preparing': 'Préparation',
  'status.streaming': 'Réponse en cours',
  'status.running': 'En cours',
  'status.waiting': 'En attente de vous',
  'status.blocked': 'Bloquée',
  'status.completed': 'Terminée',
  'status.failed': 'Échec',
  'status.elapsed': 'Durée {time}',
  'status.model': 'Modèle {model}',
  'status.singleCandidate': 'seul candidat ({source})',
  'action.approve': 'Approuver',
  'action.deny': 'Refuser',
  'action.responding': 'Envoi de votre réponse…',
  'action.outcome.approved': 'Approuvée',
  'action.outcome.denied': 'Refusée',
  'action.by': 'par {who}',
  'responder.user': 'vous',
  'composer.send': 'Envoyer',
  'composer.placeholder': 'Demandez à l’agent…',
  'conversation.user': 'Vous',
  'conversation.assistant': 'Assistant',
  'conversation.reasoning': 'Raisonnement',
  'conversation.jumpToLatest': 'Aller au plus récent',
  'fact.unknown': 'Inconnu',
  'fact.unavailable': 'Indisponible',
  'fact.blocked': 'Bloqué',
  'fact.stale': 'Périmé',
  'fact.failed': 'Échec',
  'fact.disputed': 'Contesté',
  'workbench.tasks': 'Tâche',
  'workbench.tools': 'Outils',
  'workbench.timeline': 'Historique',
  'workbench.artifacts': 'Artefacts',
  'workbench.evidence': 'Preuves',
  'workbench.team': 'Équipe',
  'workbench.diagnostics': 'Diagnostics',
};

const ACCENTS: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ö', u: 'ü', c: 'ç', n: 'ñ', s: 'š', A: 'Å', E: 'É', O: 'Ø' };

/** Every label accented and a third longer, placeholders kept: shows hard-coded strings and tight layouts. */
const pseudo: Labels = Object.fromEntries(
  Object.entries({ ...DEFAULT_LABELS, ...TOOL_LABELS }).map(([key, label]) => {
    const text = label.replace(/\{\w+\}|[a-zA-Z]/g, (m) => (m.length > 1 ? m : (ACCENTS[m] ?? m)));
    return [key, `[${text} ${'~'.repeat(Math.ceil(text.length / 3))}]`];
  }),
);

export const LOCALES = { en: {} as Labels, fr, pseudo };
export type LocaleName = keyof typeof LOCALES;
