import { EventEmitter } from 'node:events'
import type { Request, Response } from 'express'
import { expect, test } from 'vitest'
import { renderQueue } from './render-queue.server.ts'

/** A request through the queue: `started` once it may render; `close()` as when it is sent or the client leaves. */
function through(queue: ReturnType<typeof renderQueue>, path = '/', method = 'GET', closed = false) {
  const res = Object.assign(new EventEmitter(), { closed })
  const request = {
    started: false,
    close: () => {
      res.closed = true
      res.emit('close')
    },
  }
  queue({ method, path } as Request, res as unknown as Response, () => (request.started = true))
  return request
}

test('at most `slots` start pages render at once; the others start in the order they came', () => {
  const queue = renderQueue(2)
  const requests = Array.from({ length: 5 }, (_, i) => through(queue, `/code${i}`))
  expect(requests.map((r) => r.started)).toEqual([true, true, false, false, false])
  requests[1]!.close()
  expect(requests.map((r) => r.started)).toEqual([true, true, true, false, false])
  requests[0]!.close()
  requests[2]!.close()
  expect(requests.map((r) => r.started)).toEqual([true, true, true, true, true])
})

test('a client gone while waiting gives up its place, and never starts', () => {
  const queue = renderQueue(1)
  const [first, gone, third] = [through(queue), through(queue), through(queue)]
  gone!.close()
  first!.close()
  expect([gone!.started, third!.started]).toEqual([false, true])
  third!.close()
  expect(through(queue).started, 'the slot is free again').toBe(true)
})

test('only GET start pages queue: /api, other pages, assets and posts go straight on', () => {
  const queue = renderQueue(1)
  through(queue, '/')
  for (const [path, method] of [['/api/site/init-info', 'GET'], ['/user/notice', 'GET'], ['/assets/a.js', 'GET'], ['/code', 'POST']] as const) {
    expect(through(queue, path, method).started, `${method} ${path}`).toBe(true)
  }
  expect(through(queue, '/code').started).toBe(false)
})

test('a request whose client left before it reached the queue takes no slot (its close came already)', () => {
  const queue = renderQueue(1)
  const gone = through(queue, '/', 'GET', true)
  expect(gone.started, 'it goes on, so that what waits on its render hears it end').toBe(true)
  const next = through(queue)
  expect(next.started, 'the slot was not taken by the gone request').toBe(true)
  next.close()
  expect(through(queue).started).toBe(true)
})
