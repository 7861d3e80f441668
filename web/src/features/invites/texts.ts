/** What a newcomer who came through a member's invitation link is told. */
export const inviteTexts = {
  invitedBy: (inviter: string) => `Вас пригласил(а) ${inviter}. Добро пожаловать в «Катайся с нами»!`,
} as const;
