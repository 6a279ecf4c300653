/**
 * A bounded multipart/form-data reader for the upload host: text fields and one file, from a body the route
 * already limited in size. (@fastify/multipart is not a dependency; the PostObject form is small and flat:
 * a handful of fields and one file, so a whole-buffer split is enough and never streams to disk unchecked.)
 */
export interface MultipartForm {
  /** Text fields by lower-case name (first value wins). */
  fields: Record<string, string>;
  file: { fieldName: string; filename: string; contentType: string; data: Buffer } | null;
}

export const MAX_FIELDS = 32;
const MAX_FIELD_BYTES = 16 * 1024;

/** The boundary of a multipart/form-data content type, or null. */
export function boundaryOf(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data/i.test(contentType)) return null;
  const match = /boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : null;
}

function headerParams(head: string): { name?: string; filename?: string; contentType?: string } {
  const out: { name?: string; filename?: string; contentType?: string } = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'content-disposition') {
      const name = /\bname="([^"]*)"/i.exec(value);
      const filename = /\bfilename="([^"]*)"/i.exec(value);
      if (name) out.name = name[1];
      if (filename) out.filename = filename[1];
    } else if (key === 'content-type') {
      out.contentType = value;
    }
  }
  return out;
}

/** Parses the body; returns null when it is not a well-formed form with that boundary. */
export function parseMultipart(body: Buffer, boundary: string): MultipartForm | null {
  const delimiter = Buffer.from(`--${boundary}`);
  const form: MultipartForm = { fields: {}, file: null };
  let at = body.indexOf(delimiter);
  if (at < 0) return null;
  let parts = 0;
  while (at >= 0) {
    const start = at + delimiter.length;
    // "--" after a delimiter closes the form.
    if (body[start] === 0x2d && body[start + 1] === 0x2d) return form;
    if (body[start] !== 0x0d || body[start + 1] !== 0x0a) return null;
    const headEnd = body.indexOf('\r\n\r\n', start + 2);
    if (headEnd < 0) return null;
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headEnd + 4);
    if (next < 0) return null;
    if (++parts > MAX_FIELDS) return null;
    const head = body.subarray(start + 2, headEnd).toString('utf8');
    const data = body.subarray(headEnd + 4, next);
    const { name, filename, contentType } = headerParams(head);
    if (!name) return null;
    if (filename !== undefined) {
      // One file per form, as OSS takes it: the first file field is the upload.
      if (!form.file)
        form.file = {
          fieldName: name,
          filename,
          contentType: contentType ?? 'application/octet-stream',
          data: Buffer.from(data),
        };
    } else {
      if (data.length > MAX_FIELD_BYTES) return null;
      const key = name.toLowerCase();
      if (!Object.hasOwn(form.fields, key)) form.fields[key] = data.toString('utf8');
    }
    at = next + 2;
  }
  return null;
}
