import { randomInt } from 'node:crypto'
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH } from '@contract/groups'

/** 32^8 ≈ 10^12 codes from a CSPRNG: a code cannot be guessed, only shared. */
export function newInviteCode(random: (max: number) => number = randomInt): string {
  let code = ''
  for (let i = 0; i < INVITE_CODE_LENGTH; i += 1)
    code += INVITE_CODE_ALPHABET[random(INVITE_CODE_ALPHABET.length)]
  return code
}
