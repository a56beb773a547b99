// The messages of Centrifugo's client protocol (`client.proto`, package centrifugal.centrifuge.protocol) that
// the hub reads and writes over the `centrifuge-protobuf` websocket subprotocol, with the field numbers of
// the protocol (docs/realtime.md "Protobuf"). Newer optional fields of the protocol (delta, map and shared-poll
// subscriptions, tag filters, compaction ids) are left out: protobuf skips fields a reader does not know, and
// a compatible server may ignore them. Field names keep the protocol's snake case, as its JSON form does.
import protobuf from 'protobufjs';

const CLIENT_PROTO = `
syntax = "proto3";
package centrifugal.centrifuge.protocol;

message Error { uint32 code = 1; string message = 2; bool temporary = 3; }

message Command {
  uint32 id = 1;
  ConnectRequest connect = 4;
  SubscribeRequest subscribe = 5;
  UnsubscribeRequest unsubscribe = 6;
  PublishRequest publish = 7;
  PresenceRequest presence = 8;
  PresenceStatsRequest presence_stats = 9;
  HistoryRequest history = 10;
  PingRequest ping = 11;
  SendRequest send = 12;
  RPCRequest rpc = 13;
  RefreshRequest refresh = 14;
  SubRefreshRequest sub_refresh = 15;
}

message Reply {
  uint32 id = 1;
  Error error = 2;
  Push push = 4;
  ConnectResult connect = 5;
  SubscribeResult subscribe = 6;
  UnsubscribeResult unsubscribe = 7;
  PublishResult publish = 8;
  PresenceResult presence = 9;
  PresenceStatsResult presence_stats = 10;
  HistoryResult history = 11;
  PingResult ping = 12;
  RPCResult rpc = 13;
  RefreshResult refresh = 14;
  SubRefreshResult sub_refresh = 15;
}

message Push {
  string channel = 2;
  Publication pub = 4;
  Join join = 5;
  Leave leave = 6;
  Unsubscribe unsubscribe = 7;
  Disconnect disconnect = 11;
}

message ClientInfo { string user = 1; string client = 2; bytes conn_info = 3; bytes chan_info = 4; }
message Publication { bytes data = 4; ClientInfo info = 5; uint64 offset = 6; }
message Join { ClientInfo info = 1; }
message Leave { ClientInfo info = 1; }
message Unsubscribe { uint32 code = 2; string reason = 3; }
message Disconnect { uint32 code = 1; string reason = 2; bool reconnect = 3; }

message ConnectRequest { string token = 1; bytes data = 2; string name = 4; string version = 5; }
message ConnectResult {
  string client = 1; string version = 2; bool expires = 3; uint32 ttl = 4; bytes data = 5;
  uint32 ping = 7; bool pong = 8; string session = 9; string node = 10;
}
message RefreshRequest { string token = 1; }
message RefreshResult { string client = 1; string version = 2; bool expires = 3; uint32 ttl = 4; }
message SubscribeRequest {
  string channel = 1; string token = 2; bool recover = 3; string epoch = 6; uint64 offset = 7; bytes data = 8;
  bool positioned = 9; bool recoverable = 10; bool join_leave = 11;
}
message SubscribeResult {
  bool expires = 1; uint32 ttl = 2; bool recoverable = 3; string epoch = 6; repeated Publication publications = 7;
  bool recovered = 8; uint64 offset = 9; bool positioned = 10; bytes data = 11; bool was_recovering = 12;
}
message SubRefreshRequest { string channel = 1; string token = 2; }
message SubRefreshResult { bool expires = 1; uint32 ttl = 2; }
message UnsubscribeRequest { string channel = 1; }
message UnsubscribeResult {}
message PublishRequest { string channel = 1; bytes data = 2; }
message PublishResult {}
message PresenceRequest { string channel = 1; }
message PresenceResult { map<string, ClientInfo> presence = 1; }
message PresenceStatsRequest { string channel = 1; }
message PresenceStatsResult { uint32 num_clients = 1; uint32 num_users = 2; }
message StreamPosition { uint64 offset = 1; string epoch = 2; }
message HistoryRequest { string channel = 1; int32 limit = 7; StreamPosition since = 8; bool reverse = 9; }
message HistoryResult { repeated Publication publications = 1; string epoch = 2; uint64 offset = 3; }
message PingRequest {}
message PingResult {}
message RPCRequest { bytes data = 1; string method = 2; }
message RPCResult { bytes data = 1; }
message SendRequest { bytes data = 1; }
`;

const root = protobuf.parse(CLIENT_PROTO, { keepCase: true }).root;

/** What the client sends: one Command per varint-delimited message. */
export const CommandMessage = root.lookupType('centrifugal.centrifuge.protocol.Command');
/** What the server sends: replies and pushes (a Reply with `push`), one per varint-delimited message. */
export const ReplyMessage = root.lookupType('centrifugal.centrifuge.protocol.Reply');
