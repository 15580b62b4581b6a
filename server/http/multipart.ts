// Multipart calls: text parts become the body (validated by the contract's schema),
// file parts are read within the size limit and checked against their bytes.
import type { FastifyRequest } from 'fastify';
import type { Endpoint } from '../../src/api/contract/define.ts';
import { uploadWords } from '../../src/api/contract/rules/files.ts';
import { ruleWords } from '../../src/api/contract/rules/words.ts';
import { checkUpload } from '../storage/sniff.ts';
import { ApiError, badRequest, fieldError } from './errors.ts';

export interface UploadedFile {
  filename: string;
  /** The extension to store under, derived from the bytes. */
  ext: string;
  bytes: Buffer;
}

export type Uploads = Record<string, UploadedFile | undefined>;

const MAX_FIELD = 100 * 1024;
const LIMITS = { fieldSize: MAX_FIELD, files: 10, parts: 60 };

interface Parts {
  fields: { name: string; value: unknown }[];
  files: { name: string; filename: string; bytes: Buffer }[];
}

// Parser refusals in words a client can show; every one is a 400 (a file over the limit is a 413).
const PARSER_MESSAGES: Record<string, string> = {
  FST_PARTS_LIMIT: 'The form has too many parts.',
  FST_FIELDS_LIMIT: 'The form has too many parts.',
  FST_FILES_LIMIT: 'The form has too many files.',
  FST_PROTO_VIOLATION: 'The form has a part with a reserved name.',
  FST_INVALID_JSON_FIELD_ERROR: 'A JSON part of the form is not valid JSON.',
};
const MALFORMED = 'The multipart body is malformed or incomplete.';

/** Reads every part first: any parser failure (cut short, no boundary, limits) is the client's 400. */
async function readParts(req: FastifyRequest, fileLimit: number): Promise<Parts> {
  const out: Parts = { fields: [], files: [] };
  try {
    for await (const part of req.parts({ limits: { ...LIMITS, fileSize: fileLimit } })) {
      if (part.type === 'field') {
        if (part.fieldnameTruncated) throw new ApiError(400, 'A part name of the form is too long.');
        if (part.valueTruncated) throw badRequestField(part.fieldname);
        out.fields.push({ name: part.fieldname, value: part.value });
      } else {
        out.files.push({ name: part.fieldname, filename: part.filename ?? '', bytes: await part.toBuffer() });
      }
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, uploadWords.tooManyBytes(fileLimit));
    throw new ApiError(400, PARSER_MESSAGES[code] ?? MALFORMED);
  }
  return out;
}

const badRequestField = (name: string) => {
  const message = `The ${name} field must not be greater than ${MAX_FIELD / 1024} kB.`;
  return new ApiError(400, message, { [name]: [message] });
};

export async function readMultipart(req: FastifyRequest, e: Endpoint, fileLimit: number): Promise<Uploads> {
  const rules = e.files ?? {};
  const uploads: Uploads = {};
  if (!req.isMultipart()) {
    const missing = Object.entries(rules).find(([, r]) => r.required);
    if (missing) throw fieldError(missing[0], ruleWords.required(missing[0]));
    return uploads;
  }
  const parts = await readParts(req, fileLimit);
  // A null prototype: a part named like an Object.prototype member stays a plain key.
  const body: Record<string, string> = Object.create(null);
  const errors: Record<string, string[]> = {};
  for (const f of parts.fields) if (typeof f.value === 'string' && !Object.hasOwn(body, f.name)) body[f.name] = f.value;
  for (const part of parts.files) {
    const rule = rules[part.name];
    // Only the first file of a field is taken, as the specs say; unknown file fields are refused.
    if (!rule) {
      errors[part.name] = [`Unexpected file field ${part.name}.`];
      continue;
    }
    if (uploads[part.name] || errors[part.name]) continue;
    const checked = await checkUpload(rule.kind, part.filename, part.bytes);
    if ('error' in checked) errors[part.name] = [checked.error];
    else uploads[part.name] = { filename: part.filename, ext: checked.ext, bytes: part.bytes };
  }
  for (const [name, rule] of Object.entries(rules)) {
    if (rule.required && !uploads[name] && !errors[name]) errors[name] = [ruleWords.required(name)];
  }
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]![0]!, errors);
  req.body = { ...body };
  return uploads;
}
