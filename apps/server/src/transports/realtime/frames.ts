// JSON framing: a text frame holds one or more commands separated by newlines.
import { inputProblem } from '../../lib/input-guard.ts';
import type { Command } from './protocol.ts';

/** At most this many commands per frame; more is treated as abuse. */
export const MAX_COMMANDS_PER_FRAME = 256;

export class FrameError extends Error {
  override name = 'FrameError';
}

/** Parses a frame into commands; throws FrameError when any line is not a JSON object. */
export function parseFrame(text: string): Command[] {
  const lines = text.trim().split('\n');
  if (lines.length > MAX_COMMANDS_PER_FRAME) throw new FrameError('too many commands in one frame');
  const commands: Command[] = [];
  for (const line of lines) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new FrameError('frame is not JSON');
    }
    commands.push(validCommand(value));
  }
  if (commands.length === 0) throw new FrameError('empty frame');
  return commands;
}

/** A decoded command as the protocol allows it: an object, text and numbers the server can take, a sane id. */
export function validCommand(value: unknown): Command {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new FrameError('command is not an object');
  }
  if (inputProblem(value)) throw new FrameError('command holds text or numbers the server cannot take');
  const command = value as Command;
  if (command.id !== undefined && (!Number.isSafeInteger(command.id) || command.id < 0)) {
    throw new FrameError('command id is not a non-negative integer');
  }
  return command;
}

/** Builds the pub push once per publication; every subscriber gets the same string. */
export function encodePublicationPush(channel: string, publicationJson: string): string {
  return `{"push":{"channel":${JSON.stringify(channel)},"pub":${publicationJson}}}`;
}

/** Builds a publication's JSON with its offset appended, data and info kept verbatim. */
export function encodePublication(dataJson: string, infoJson: string | undefined, offset: number): string {
  return infoJson === undefined
    ? `{"data":${dataJson},"offset":${offset}}`
    : `{"data":${dataJson},"info":${infoJson},"offset":${offset}}`;
}
