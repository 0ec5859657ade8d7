// Issue 38: an uploaded SVG is only ever rasterised (librsvg, through sharp), which runs no
// script. What is refused here is what could reach outside the file or hide from these checks:
// a rasteriser that followed an `href` would fetch from wherever the file says, and entities
// (a DOCTYPE) can spell a reference these patterns do not see, or expand into a bomb. A logo
// exported by any drawing program has none of them; an embedded raster image (a data: URL)
// and references inside the file (`#id`) are kept.
const REFUSED: readonly RegExp[] = [
  /<!DOCTYPE|<!ENTITY/i,
  /<\?xml-stylesheet/i,
  /<script/i,
  /<foreignObject/i,
  /@import/i,
  // Event handler attributes: onload, onclick, ...
  /[\s"'/]on[a-z]+\s*=/i,
  // url(...) that is not a reference to an element of the file itself.
  /url\(\s*(?!['"]?#)/i,
]

// href and xlink:href; a value is allowed if it points into the file or embeds a raster image.
const HREF = /(?:^|[\s:])href\s*=\s*(["'])(.*?)\1/gis
const SAFE_HREF = /^(?:#|data:image\/(?:png|jpeg|webp|gif);base64,)/i

export function isSafeSvg(bytes: Buffer): boolean {
  const text = bytes.toString('utf8')
  if (REFUSED.some((pattern) => pattern.test(text))) return false
  for (const [, , value = ''] of text.matchAll(HREF)) {
    if (!SAFE_HREF.test(value.trim())) return false
  }
  // An unquoted href (HTML habit, not XML) would slip past the pattern above.
  return !/(?:^|[\s:])href\s*=\s*[^\s"']/i.test(text)
}
