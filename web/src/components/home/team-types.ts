import type { TeamCategory, TeamMember } from '../../../../core/team/types';

/** `GET /api/team` */
export type TeamCategoryWithMembers = TeamCategory & { members: TeamMember[] };
export type TeamResponse = { categories: TeamCategoryWithMembers[] };
