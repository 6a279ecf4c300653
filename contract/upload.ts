/**
 * Upload credentials (§3, §7 GET /front/oss/sign) in the Aliyun OSS PostObject shape: the storefront posts the
 * file as multipart straight to `host` with policy, signature, key (under `dir`) and OSSAccessKeyId, and expects
 * status 200 (success_action_status). The reference server is such a host itself unless OSS is configured.
 */
import { z } from 'zod';
import { signedFields } from './common';

export const uploadSignQuery = z.object({ ...signedFields });

export const uploadCredentialsSchema = z.object({
  /** Key prefix the policy allows; every key starts with it and ends with a file name the client picks. */
  dir: z.string(),
  /** Where to POST; relative ('/storage') when the server names no public origin (then the API base's origin). */
  host: z.string(),
  /** base64 JSON: expiration and conditions (content-length-range, starts-with $key dir, $Content-Type image/). */
  policy: z.string(),
  /** base64 HMAC-SHA1 of `policy` with the access secret. */
  signature: z.string(),
  accessId: z.string(),
  /** Unix seconds after which the host refuses this policy. */
  expireSecondsAt: z.number().int(),
  /** Largest file the policy allows, bytes (the content-length-range upper bound). */
  maxBytes: z.number().int(),
});
export type UploadCredentials = z.infer<typeof uploadCredentialsSchema>;

/** What the server's own host answers to a stored upload (OSS answers 200 with an empty body). */
export const uploadStoredInfo = z.object({ key: z.string(), url: z.string() });
