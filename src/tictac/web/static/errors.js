// Error codes from the server and the games, in the reader's language.

import { has, t } from './i18n.js';

export function errorText(error) {
  const code = error && error.code;
  if (code && has(`error.${code}`)) return t(`error.${code}`);
  if (error && error.message && code !== 'network') return error.message;
  return t('error.generic');
}
