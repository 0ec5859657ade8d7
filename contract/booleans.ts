import * as z from 'zod/mini'
import { toTolerantBoolean } from './tolerant-boolean'

export { toTolerantBoolean }

// Never fails: anything that is not a recognised "true" reads as false, including a missing value.
// (zod/mini has no `preprocess`; this is the pipe classic zod's `preprocess` builds.)
export const TolerantBooleanSchema = z.pipe(z.transform(toTolerantBoolean), z.boolean())
