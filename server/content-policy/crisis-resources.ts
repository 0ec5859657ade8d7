import type { SupportBlock } from '@contract/content-policy'

// The support block sent with a write that signals crisis (DESIGN §4). An international
// directory comes first because members live everywhere; operators can replace the whole
// block through config (see docs/content-policy.md).
export const DEFAULT_CRISIS_SUPPORT: SupportBlock = {
  message:
    "It sounds like you may be carrying something very heavy. You are not alone, and you don't have to face this by yourself. If you are thinking about ending your life or hurting yourself, please reach out now to someone who can help. If you are in immediate danger, call your local emergency number.",
  resources: [
    { name: 'Find a Helpline (international directory)', url: 'https://findahelpline.com' },
    { name: '988 Suicide & Crisis Lifeline (US)', url: 'https://988lifeline.org', phone: '988' },
    { name: 'Samaritans (UK and Ireland)', url: 'https://www.samaritans.org', phone: '116 123' },
    { name: 'Befrienders Worldwide', url: 'https://befrienders.org' },
  ],
}
