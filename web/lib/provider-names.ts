/** Brand names are names, not words: they are the same in every language. */
const PROVIDER_NAMES: Record<string, string> = {
  apple: 'Apple',
  twitter: 'X (Twitter)',
  google: 'Google',
  microsoft: 'Microsoft',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  instagram: 'Instagram',
  facebook: 'Facebook',
  github: 'GitHub',
  twitch: 'Twitch',
  linkedin: 'LinkedIn',
  zoho: 'Zoho',
  stackexchange: 'Stack Exchange',
  gitlab: 'GitLab',
  reddit: 'Reddit',
  snapchat: 'Snapchat',
  meetup: 'Meetup',
  bitbucket: 'Bitbucket',
  atlassian: 'Atlassian',
};

/** A sign-in provider's name as people know it (the account screens and the staff settings show it). */
export function providerName(provider: string): string {
  return PROVIDER_NAMES[provider] ?? provider.charAt(0).toUpperCase() + provider.slice(1);
}
