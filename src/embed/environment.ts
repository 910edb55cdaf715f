/** True on a phone or tablet: a coarse pointer and a mobile user agent. */
export function isMobileDevice(): boolean {
  const coarse = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches
  return coarse && /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent)
}
