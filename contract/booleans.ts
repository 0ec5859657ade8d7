import { z } from 'zod'
import { toTolerantBoolean } from './tolerant-boolean'

export { toTolerantBoolean }

// Never fails: anything that is not a recognised "true" reads as false, including a missing value.
export const TolerantBooleanSchema = z.preprocess(toTolerantBoolean, z.boolean())
