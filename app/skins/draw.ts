import { SKIN_SIZE, type SkinRecipe } from './library.ts'

/** Part of every picture's address: change it whenever drawSkin draws differently (immutable caching). */
export const DRAW_VERSION = 1

/** A small seeded generator (mulberry32): the same recipe always draws the same picture. */
function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const r1 = (n: number) => Math.round(n * 10) / 10

/**
 * One library picture as SVG at 2880×1920 (spec §9), for sharp to render (scripts/skin-library.ts).
 * Gradients and shapes only: small to describe, smooth to compress.
 */
export function drawSkin({ kind, colors: [a, b, c], seed }: SkinRecipe): string {
  const { width: W, height: H } = SKIN_SIZE
  const rnd = random(seed)
  const parts: string[] = []
  let defs = `<linearGradient id="g" x1="0" y1="0" x2="${r1(rnd())}" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`
  if (kind === 'gradient') {
    defs += `<radialGradient id="r" cx="${r1(0.2 + rnd() * 0.6)}" cy="${r1(0.2 + rnd() * 0.6)}" r="0.7"><stop offset="0" stop-color="${c}" stop-opacity="0.8"/><stop offset="1" stop-color="${c}" stop-opacity="0"/></radialGradient>`
    parts.push(`<rect width="${W}" height="${H}" fill="url(#r)"/>`)
  } else if (kind === 'hills') {
    // Four ridges, each a little darker and lower: far to near.
    for (let layer = 0; layer < 4; layer++) {
      const base = H * (0.45 + layer * 0.13)
      let d = `M0 ${H} L0 ${r1(base)}`
      const steps = 8
      for (let i = 1; i <= steps; i++) {
        const x = (W / steps) * i
        const y = base - H * 0.12 * rnd() + H * 0.04
        d += ` Q${r1(x - W / steps / 2)} ${r1(y - H * 0.08 * rnd())} ${r1(x)} ${r1(y)}`
      }
      parts.push(`<path d="${d} L${W} ${H} Z" fill="${layer < 2 ? b : c}" fill-opacity="${0.35 + layer * 0.2}"/>`)
    }
  } else if (kind === 'stars') {
    defs = `<linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`
    for (let i = 0; i < 260; i++) {
      const size = rnd() < 0.92 ? 1.5 + rnd() * 2.5 : 4 + rnd() * 4
      parts.push(`<circle cx="${r1(rnd() * W)}" cy="${r1(rnd() * H * 0.85)}" r="${r1(size)}" fill="${c}" fill-opacity="${r1(0.3 + rnd() * 0.7)}"/>`)
    }
    parts.push(`<ellipse cx="${r1(W * (0.3 + rnd() * 0.4))}" cy="${r1(H * 0.35)}" rx="${W * 0.6}" ry="${H * 0.08}" fill="${c}" fill-opacity="0.06" transform="rotate(${r1(-20 + rnd() * 40)} ${W / 2} ${H / 2})"/>`)
  } else if (kind === 'shapes') {
    for (let i = 0; i < 24; i++) {
      const x = rnd() * W
      const y = rnd() * H
      const s = 80 + rnd() * 360
      const fill = rnd() < 0.5 ? b : c
      const opacity = r1(0.12 + rnd() * 0.3)
      parts.push(
        rnd() < 0.5
          ? `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(s / 2)}" fill="${fill}" fill-opacity="${opacity}"/>`
          : `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(s)}" height="${r1(s)}" rx="${r1(s * 0.12)}" fill="${fill}" fill-opacity="${opacity}" transform="rotate(${r1(rnd() * 90)} ${r1(x + s / 2)} ${r1(y + s / 2)})"/>`,
      )
    }
  } else {
    // waves: bands of sine curves across the lower two thirds
    for (let band = 0; band < 6; band++) {
      const base = H * (0.35 + band * 0.11)
      const amp = H * (0.03 + rnd() * 0.04)
      const phase = rnd() * Math.PI * 2
      let d = `M0 ${r1(base + amp * Math.sin(phase))}`
      for (let x = 120; x <= W; x += 120) d += ` L${x} ${r1(base + amp * Math.sin(phase + (x / W) * Math.PI * 3))}`
      parts.push(`<path d="${d} L${W} ${H} L0 ${H} Z" fill="${band % 2 ? b : c}" fill-opacity="${r1(0.12 + band * 0.05)}"/>`)
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}</defs><rect width="${W}" height="${H}" fill="url(#g)"/>${parts.join('')}</svg>`
}
