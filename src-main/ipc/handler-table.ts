import type { z } from "zod"
import type { ChannelKey, ChannelOutput, Channels } from "../../src-shared/ipc/channels"

// The shape every host (Electron IPC, browser host WebSocket, tests) implements: one handler per
// channel, under the channel's one name "<domain>.<fn>", receiving the already-parsed input and
// returning the channel's output. A channel without a handler is a type error.

/** The input a handler receives: the channel schema's output, i.e. after zod parsing. */
export type HandlerInput<K extends ChannelKey> = z.output<Channels[K]["input"]>

export type ChannelHandler<K extends ChannelKey> = (input: HandlerInput<K>) => Promise<ChannelOutput<K>>

export type HandlerTable = { readonly [K in ChannelKey]: ChannelHandler<K> }
