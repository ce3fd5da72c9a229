/**
 * Demo players of a fresh site. The passwords are printed in the README; an operator changes or
 * disables these accounts like any other.
 */
export const demoPlayers = [
  {
    username: 'demo_player1',
    nickname: 'Demo Player 1',
    password: 'demo1234',
    countryDialingCode: '91',
    mobile: '9876500001',
    email: 'demo_player1@rajwin.example',
    uplineAffiliateCode: 'DEMO01',
    firstLogin: false,
  },
  {
    username: 'demo_player2',
    nickname: 'Demo Player 2',
    password: 'start1234',
    countryDialingCode: '91',
    mobile: '9876500002',
    email: 'demo_player2@rajwin.example',
    uplineAffiliateCode: 'DEMO01',
    // Made with an initial password: the first login must change it.
    firstLogin: true,
  },
];

/**
 * The demo agent's login (README, "Demo accounts"): demo_agent1 (invitation code DEMO01, the
 * upline of both demo players) opens the agent center. Seeded only outside production.
 */
export const demoAgentLogins = [{ username: 'demo_agent1', password: 'agent1234' }];
