// The two wire formats of the client protocol: JSON (text frames, commands and replies joined by newlines)
// and protobuf (`centrifuge-protobuf`: binary frames of varint-delimited Command / Reply messages). Both carry
// the same protocol; payloads (`data`, `info`) are JSON in both, embedded verbatim in JSON and as UTF-8 bytes
// in protobuf, as Centrifugo carries them.
import protobuf from 'protobufjs';
import type { ChannelEvent, StoredPublication } from './broker.ts';
import { CommandMessage, ReplyMessage } from './client-proto.ts';
import {
  encodePublicationPush,
  FrameError,
  MAX_COMMANDS_PER_FRAME,
  parseFrame,
  validCommand,
} from './frames.ts';
import { EMPTY_FRAME, type ClientInfo, type Command, type ProtocolError } from './protocol.ts';

export type WireProtocol = 'json' | 'protobuf';

/** A frame ready for the transport: text for JSON, bytes for protobuf. */
export type Frame = string | Buffer;

/** Request data that is not JSON (protobuf carries bytes): such a publish or rpc is answered 107 bad request. */
export class UndecodableData {}

export interface WireCodec {
  readonly protocol: WireProtocol;
  /** Frames are binary websocket messages. */
  readonly binary: boolean;
  /** The commands of one frame; throws FrameError when the frame is not of this format. */
  decode(frame: Buffer | string): Command[];
  /** A success reply; `publications` (subscribe, history) go into the result's `publications`. */
  reply(id: number, kind: string, result: object, publications?: StoredPublication[]): Frame;
  error(id: number, error: ProtocolError): Frame;
  /** A publication, join or leave push of a channel. */
  event(channel: string, event: ChannelEvent): Frame;
  unsubscribePush(channel: string, code: number, reason: string): Frame;
  /** The server's ping: an empty reply. */
  readonly ping: Frame;
}

export const jsonCodec: WireCodec = {
  protocol: 'json',
  binary: false,
  decode: (frame) => parseFrame(typeof frame === 'string' ? frame : frame.toString('utf8')),
  reply(id, kind, result, publications) {
    let json = JSON.stringify(result);
    if (publications !== undefined) {
      const list = publications.map((publication) => publication.json).join(',');
      json = `${json.slice(0, -1)}${json.length > 2 ? ',' : ''}"publications":[${list}]}`;
    }
    return `{"id":${id},${JSON.stringify(kind)}:${json}}`;
  },
  error: (id, error) =>
    JSON.stringify({ id, error: { code: error.code, message: error.message, temporary: error.temporary } }),
  event(channel, event) {
    if (event.kind === 'publication') return encodePublicationPush(channel, event.publication.json);
    return `{"push":{"channel":${JSON.stringify(channel)},"${event.kind}":{"info":${event.infoJson}}}}`;
  },
  unsubscribePush: (channel, code, reason) =>
    JSON.stringify({ push: { channel, unsubscribe: { code, reason } } }),
  ping: EMPTY_FRAME,
};

const jsonBytes = (value: unknown) => Buffer.from(JSON.stringify(value ?? null));

interface ProtoClientInfo {
  user: string;
  client: string;
  conn_info?: Buffer;
  chan_info?: Buffer;
}

function protoInfo(info: ClientInfo): ProtoClientInfo {
  const message: ProtoClientInfo = { user: info.user, client: info.client };
  if (info.conn_info !== undefined) message.conn_info = jsonBytes(info.conn_info);
  if (info.chan_info !== undefined) message.chan_info = jsonBytes(info.chan_info);
  return message;
}

/** A stored publication (`{"data":…,"info":…,"offset":n}`) as a protobuf Publication. */
function protoPublication(publication: StoredPublication) {
  const { dataJson, infoJson, offset } = publication;
  if (dataJson !== undefined) {
    const data = Buffer.from(dataJson);
    if (infoJson === undefined) return { data, offset };
    return { data, offset, info: protoInfo(JSON.parse(infoJson) as ClientInfo) };
  }
  const parsed = JSON.parse(publication.json) as { data: unknown; info?: ClientInfo };
  return {
    data: jsonBytes(parsed.data),
    offset: publication.offset,
    ...(parsed.info ? { info: protoInfo(parsed.info) } : {}),
  };
}

/** The result fields that are JSON values in the JSON protocol and bytes in protobuf. */
function protoResult(kind: string, result: object): object {
  if (kind === 'rpc') return { data: jsonBytes((result as { data?: unknown }).data) };
  if (kind === 'presence') {
    const members = (result as { presence: Record<string, ClientInfo> }).presence;
    return {
      presence: Object.fromEntries(Object.entries(members).map(([id, info]) => [id, protoInfo(info)])),
    };
  }
  return result;
}

const encodeReply = (reply: object): Buffer => {
  const bytes = ReplyMessage.encodeDelimited(reply).finish();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
};

/** A bytes field of a command as the JSON value it carries; empty bytes are null (proto3 cannot tell them apart). */
function bytesToJson(bytes: unknown): unknown {
  if (!(bytes instanceof Uint8Array) || bytes.length === 0) return null;
  try {
    return JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
  } catch {
    return new UndecodableData();
  }
}

type DecodedCommand = Command & Record<string, { data?: unknown } | number | undefined>;

function decodeProtobuf(frame: Buffer | string): Command[] {
  if (typeof frame === 'string') throw new FrameError('a text frame on the protobuf protocol');
  const reader = protobuf.Reader.create(frame);
  const commands: Command[] = [];
  while (reader.pos < reader.len) {
    if (commands.length === MAX_COMMANDS_PER_FRAME) throw new FrameError('too many commands in one frame');
    let command: DecodedCommand;
    try {
      command = CommandMessage.toObject(CommandMessage.decodeDelimited(reader), { longs: Number });
    } catch {
      throw new FrameError('frame is not a sequence of protobuf commands');
    }
    for (const kind of ['connect', 'publish', 'rpc', 'send', 'subscribe'] as const) {
      const request = command[kind];
      if (request && 'data' in request) request.data = bytesToJson(request.data);
    }
    commands.push(validCommand(command));
  }
  if (commands.length === 0) throw new FrameError('empty frame');
  return commands;
}

export const protobufCodec: WireCodec = {
  protocol: 'protobuf',
  binary: true,
  decode: decodeProtobuf,
  reply(id, kind, result, publications) {
    const body = protoResult(kind, result);
    return encodeReply({
      id,
      [kind]:
        publications === undefined ? body : { ...body, publications: publications.map(protoPublication) },
    });
  },
  error: (id, error) => encodeReply({ id, error }),
  event(channel, event) {
    if (event.kind === 'publication') {
      return encodeReply({ push: { channel, pub: protoPublication(event.publication) } });
    }
    const info = protoInfo(JSON.parse(event.infoJson) as ClientInfo);
    return encodeReply({ push: { channel, [event.kind]: { info } } });
  },
  unsubscribePush: (channel, code, reason) =>
    encodeReply({ push: { channel, unsubscribe: { code, reason } } }),
  ping: encodeReply({}),
};

export const codecs: Record<WireProtocol, WireCodec> = { json: jsonCodec, protobuf: protobufCodec };

/** A frame written to many connections: its bytes, and the whole websocket frame once a websocket needs it. */
export class SharedFrame {
  readonly payload: Buffer;
  /** Header and payload of the websocket frame, built by the first websocket transport that sends it. */
  wire: Buffer | undefined;

  constructor(
    frame: Frame,
    readonly binary: boolean,
  ) {
    this.payload = typeof frame === 'string' ? Buffer.from(frame) : frame;
  }
}

/** One channel event, encoded at most once per wire format however many subscribers receive it. */
export class EventFrames {
  private json: SharedFrame | undefined;
  private protobuf: SharedFrame | undefined;

  constructor(
    readonly channel: string,
    readonly event: ChannelEvent,
  ) {}

  for(codec: WireCodec): SharedFrame {
    if (codec.protocol === 'json')
      return (this.json ??= new SharedFrame(codec.event(this.channel, this.event), false));
    return (this.protobuf ??= new SharedFrame(codec.event(this.channel, this.event), true));
  }
}
