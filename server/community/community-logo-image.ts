import sharp, { type Metadata } from 'sharp'
import {
  LOGO_ERRORS,
  LOGO_FORMATS,
  LOGO_MAX_PIXELS,
  LOGO_MESSAGES,
  type LogoFormat,
} from '@contract/community-logo'
import { httpError } from '../errors/problem-error'
import { isSafeSvg } from './community-logo-svg'
import { LOGO_ICONS, LOGO_SHARE, type LogoIconName } from './community-logo-icons'

/** What the upload says it is: the file's name and the type the browser gave it. */
export interface DeclaredFile {
  filename: string
  mimetype: string
}

// Every icon is cut from one square master this size: the largest icon with room to spare.
const MASTER_SIZE = 1024
const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 }
// librsvg draws an SVG at 72 dpi; sharp takes 1 to 100000.
const SVG_DPI = 72
const MAX_DENSITY = 100_000

const notAnImage = () => httpError(400, LOGO_ERRORS.notAnImage, LOGO_MESSAGES.notAnImage)
const tooManyPixels = () => httpError(400, LOGO_ERRORS.tooManyPixels, LOGO_MESSAGES.tooManyPixels)

// sharp refuses a header that declares more than limitInputPixels (even to read its metadata)
// with this message; anything else it cannot read is no image of ours, or a damaged one.
const refusalFor = (error: unknown) =>
  error instanceof Error && /exceeds pixel limit/i.test(error.message)
    ? tooManyPixels()
    : notAnImage()

function isLogoFormat(format: string | undefined): format is LogoFormat {
  return format !== undefined && Object.hasOwn(LOGO_FORMATS, format)
}

/** The bytes decide the format; a name or type that says another one is refused. */
function claimsAnother(format: LogoFormat, declared: DeclaredFile): boolean {
  const { type, extensions } = LOGO_FORMATS[format]
  const dot = declared.filename.lastIndexOf('.')
  const ending = dot > 0 ? declared.filename.slice(dot + 1).toLowerCase() : ''
  if (ending !== '' && !(extensions as readonly string[]).includes(ending)) return true
  // application/octet-stream and an empty type say nothing; any other type must be the one.
  const mimetype = declared.mimetype.toLowerCase()
  return mimetype !== '' && mimetype !== 'application/octet-stream' && mimetype !== type
}

/**
 * Checks an upload and draws it as a square master, the logo centred on transparency. Refuses
 * (400, nothing stored) a file that is no image of ours, says it is another type than it is,
 * is damaged or cut short, declares more than LOGO_MAX_PIXELS, or is an SVG that reaches out.
 */
export async function readLogo(bytes: Buffer, declared: DeclaredFile): Promise<Buffer> {
  const options = { limitInputPixels: LOGO_MAX_PIXELS }
  let metadata: Metadata
  try {
    metadata = await sharp(bytes, options).metadata()
  } catch (error) {
    throw refusalFor(error)
  }
  const { format, width = 0, height = 0 } = metadata
  if (!isLogoFormat(format) || claimsAnother(format, declared)) throw notAnImage()
  if (format === 'svg' && !isSafeSvg(bytes)) {
    throw httpError(400, LOGO_ERRORS.unsafeSvg, LOGO_MESSAGES.unsafeSvg)
  }
  // A raster's header declares its size, so a bomb is refused (by the metadata read above)
  // before a pixel is decoded. An SVG is drawn at the density that makes its longer side the
  // master's; the pixel limit still holds if its declared size is absurd.
  const density =
    format === 'svg'
      ? Math.min(MAX_DENSITY, Math.max(1, (SVG_DPI * MASTER_SIZE) / Math.max(width, height, 1)))
      : undefined
  try {
    return await sharp(bytes, { ...options, ...(density ? { density } : {}) })
      .rotate() // a photo's EXIF orientation
      .resize(MASTER_SIZE, MASTER_SIZE, { fit: 'contain', background: TRANSPARENT })
      .png()
      .toBuffer()
  } catch (error) {
    throw refusalFor(error)
  }
}

/** Every icon of LOGO_ICONS, as PNG, from readLogo's master; the opaque ones on `background`. */
export async function renderIcons(
  master: Buffer,
  background: string,
): Promise<Map<LogoIconName, Buffer>> {
  const icons = new Map<LogoIconName, Buffer>()
  for (const { name, size, layout } of LOGO_ICONS) {
    const side = Math.round(size * LOGO_SHARE[layout])
    const logo = await sharp(master).resize(side, side).png().toBuffer()
    const canvas = sharp({
      create: {
        width: size,
        height: size,
        channels: 4,
        background: layout === 'any' ? TRANSPARENT : background,
      },
    })
    const drawn = canvas.composite([{ input: logo, gravity: 'centre' }])
    icons.set(name, await (layout === 'any' ? drawn : drawn.removeAlpha()).png().toBuffer())
  }
  return icons
}
