/**
 * SHA-256 of a text as lower-case hex, for everything the server hashes to compare or to store: the request
 * signature, session tokens, platform login codes, mini-program session keys.
 */
import { hash } from 'node:crypto';

export const sha256Hex = (text: string): string => hash('sha256', text, 'hex');
