import QRCode from 'qrcode'

/**
 * The QR code of WeChat's `url` as an image our pages can show: an SVG data URL drawn here
 * (the CSP allows data: images, never WeChat's own image host).
 */
export async function qrImage(url: string) {
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}
