/** `GET /api/portfolios/:username`: the spec's profile, plus whether it is the fallback. */
export type PortfolioResponse = {
  username: string;
  name: string;
  title: string;
  subtitle: string;
  about: { mainText: string; secondaryText: string };
  skills: { name: string; level: number }[];
  expertise: { icon: string; title: string; description: string }[];
  projects: {
    icon: string;
    title: string;
    description: string;
    tag: string;
    link?: string;
    stats?: { label: string; value: string }[];
  }[];
  testimonials: { name: string; role: string; content: string }[];
  githubUrl: string | null;
  contactUrl: string | null;
  fallback: boolean;
};
