// Reads one device frame: size, JSON, known type, strict schema. Every refusal names the link error code.
import {
  DEVICE_MAX_MESSAGE_BYTES,
  deviceToServerSchemas,
  domainErrors,
  type DeviceToServerMessage,
  type LinkErrorCode,
} from '@eluent/contracts';
import { inputProblem } from '../../lib/input-guard.ts';

export type FrameResult =
  | { ok: true; message: DeviceToServerMessage }
  | { ok: false; code: LinkErrorCode; detail: string; about?: Record<string, string | number> };

export function readDeviceFrame(text: string): FrameResult {
  if (Buffer.byteLength(text, 'utf8') > DEVICE_MAX_MESSAGE_BYTES) {
    return {
      ok: false,
      code: 'message_too_large',
      detail: `Frames are limited to ${DEVICE_MAX_MESSAGE_BYTES} bytes.`,
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, code: 'malformed', detail: 'The frame is not JSON.' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, code: 'malformed', detail: 'A frame is a JSON object with a "type".' };
  }
  const type = (value as { type?: unknown }).type;
  if (typeof type !== 'string')
    return { ok: false, code: 'malformed', detail: 'A frame is a JSON object with a "type".' };
  if (!Object.hasOwn(deviceToServerSchemas, type)) {
    return {
      ok: false,
      code: 'unknown_type',
      detail: `Unknown message type "${type.slice(0, 40)}".`,
      about: { type: type.slice(0, 40) },
    };
  }
  const problem = inputProblem(value);
  if (problem) {
    return {
      ok: false,
      code: 'malformed',
      detail: `${problem.path || type}: ${domainErrors[problem.code]}`.slice(0, 300),
      about: aboutOf(value as Record<string, unknown>, type),
    };
  }
  const parsed = deviceToServerSchemas[type as keyof typeof deviceToServerSchemas].safeParse(value);
  if (parsed.success) return { ok: true, message: parsed.data };
  const about = aboutOf(value as Record<string, unknown>, type);
  const unknownKeys = parsed.error.issues.find((issue) => issue.code === 'unrecognized_keys');
  if (unknownKeys) {
    return {
      ok: false,
      code: 'publisher_unsupported_key',
      detail: `Unsupported key in data: ${unknownKeys.keys.join(', ').slice(0, 200)}`,
      about,
    };
  }
  const first = parsed.error.issues[0];
  const where = first?.path.join('.') || type;
  return {
    ok: false,
    code: 'malformed',
    detail: `${where}: ${first?.message ?? 'invalid'}`.slice(0, 300),
    about,
  };
}

/** Identifies the refused message to the device, so it can tell which chunk or reply was refused. */
function aboutOf(value: Record<string, unknown>, type: string): Record<string, string | number> {
  const about: Record<string, string | number> = { type };
  for (const key of ['measurement_id', 'chunk_index', 'id'] as const) {
    const field = value[key];
    if (typeof field === 'number' || (typeof field === 'string' && field.length <= 64)) about[key] = field;
  }
  return about;
}
