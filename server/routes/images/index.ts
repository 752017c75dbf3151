import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { renderAvatarSvg, renderBannerSvg } from '../../../core/team/avatar';
import { createMemberAvatarsRepository } from '../../../db/repositories/member-avatars';
import { HttpError } from '../../http-errors';

// Generated art (core/team/avatar): members' avatars and card banners, no files to ship.

const AvatarParams = z.object({
  file: z.string().regex(/^[A-Za-z0-9_.-]{1,64}\.svg$/, { error: 'Unknown avatar' }),
});
const BannerParams = z.object({
  file: z.string().regex(/^\d{1,4}\.svg$/, { error: 'Unknown banner' }),
});

/** The file name without `.svg`, or a 404 for anything that could not be one of ours. */
function readName(schema: typeof AvatarParams, params: unknown): string {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw new HttpError(404, 'No such image.');
  return parsed.data.file.slice(0, -'.svg'.length);
}

function sendSvg(reply: FastifyReply, svg: string) {
  return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
}

const imageRoutes: FastifyPluginAsync = async (app) => {
  const members = createMemberAvatarsRepository(app.db);

  app.get('/avatars/:file', async (request, reply) => {
    const member = await members.findMember(readName(AvatarParams, request.params));
    if (!member) throw new HttpError(404, 'No team member has this avatar.');
    return sendSvg(reply, renderAvatarSvg(member.name, member.discordUsername));
  });

  app.get('/banners/:file', async (request, reply) => {
    return sendSvg(reply, renderBannerSvg(readName(BannerParams, request.params)));
  });
};

export default imageRoutes;
