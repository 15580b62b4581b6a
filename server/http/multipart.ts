// Multipart calls: text parts become the body (validated by the contract's schema),
// file parts are read within the size limit and checked against their bytes.
import type { FastifyRequest } from 'fastify';
import type { Endpoint } from '../../src/api/contract/define.ts';
import { checkUpload } from '../storage/sniff.ts';
import { ApiError, badRequest } from './errors.ts';

export interface UploadedFile {
  filename: string;
  /** The extension to store under, derived from the bytes. */
  ext: string;
  bytes: Buffer;
}

export type Uploads = Record<string, UploadedFile | undefined>;

const MAX_FIELD = 100 * 1024;

export async function readMultipart(req: FastifyRequest, e: Endpoint, fileLimit: number): Promise<Uploads> {
  const rules = e.files ?? {};
  const uploads: Uploads = {};
  if (!req.isMultipart()) {
    const missing = Object.entries(rules).find(([, r]) => r.required);
    if (missing) throw badRequest(`The ${missing[0]} field is required.`, { [missing[0]]: [`The ${missing[0]} field is required.`] });
    return uploads;
  }
  const body: Record<string, string> = {};
  const errors: Record<string, string[]> = {};
  try {
    for await (const part of req.parts({ limits: { fileSize: fileLimit, fieldSize: MAX_FIELD, files: 10, parts: 60 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && !(part.fieldname in body)) body[part.fieldname] = part.value;
        continue;
      }
      const rule = rules[part.fieldname];
      const bytes = await part.toBuffer();
      // Only the first file of a field is taken, as the specs say; unknown file fields are refused.
      if (!rule) { errors[part.fieldname] = [`Unexpected file field ${part.fieldname}.`]; continue; }
      if (uploads[part.fieldname]) continue;
      const checked = await checkUpload(rule.kind, part.filename ?? '', bytes);
      if ('error' in checked) errors[part.fieldname] = [checked.error];
      else uploads[part.fieldname] = { filename: part.filename ?? '', ext: checked.ext, bytes };
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, `The file may not be greater than ${Math.round(fileLimit / 1048576)} MB.`);
    if (code?.startsWith('FST_')) throw badRequest((err as Error).message);
    throw err;
  }
  for (const [name, rule] of Object.entries(rules)) {
    if (rule.required && !uploads[name] && !errors[name]) errors[name] = [`The ${name} field is required.`];
  }
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]![0]!, errors);
  req.body = body;
  return uploads;
}
