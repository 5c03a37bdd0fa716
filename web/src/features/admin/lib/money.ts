/** Naira as an admin types it ↔ kobo as the server stores it: shared with the player's money forms. */
export { koboToNairaInput, nairaToKobo } from '@/lib/naira-input';
