import type { IpcResult } from "../../src-shared/ipc/channel"

// What a handler call answered, for tests that dispatch IPC channels: its value (a failure then
// fails the test with the error's code and message), or its error (an answer then fails the test).

export async function value<T>(result: Promise<IpcResult<T>>): Promise<T> {
  const answer = await result
  if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`)
  return answer.value
}

export async function failure(result: Promise<IpcResult<unknown>>) {
  const answer = await result
  if (answer.ok) throw new Error("expected a failure")
  return answer.error
}
