// The dashboard reads transcripts with the site's one renderer (ids on hover by default).
export { DiscordText } from '../../components/discord-text';
