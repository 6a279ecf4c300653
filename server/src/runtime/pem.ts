/** Provider keys from the environment: PEM text (newlines real or written as \n) or a path to a PEM file. */
import { readFileSync } from 'node:fs';

export function readPem(value: string): string {
  const text = value.trim();
  if (text.startsWith('-----BEGIN')) return text.replace(/\\n/g, '\n');
  return readFileSync(text, 'utf8');
}
