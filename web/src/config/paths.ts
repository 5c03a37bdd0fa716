/**
 * Every URL of the app in one place (docs/product.md §14), with the route name used in the page title
 * (`Ayo Lotto | <title>`). Routes, links and redirects all read from here.
 */
export const paths = {
  home: { path: '/', title: 'Home', getHref: () => '/' },
  games: { path: '/games', title: 'Games', getHref: () => '/games' },
  game: { path: '/games/:id', title: 'One Game', getHref: (id: string | number) => `/games/${id}` },
  results: { path: '/results', title: 'Results', getHref: () => '/results' },
  about: { path: '/about', title: 'About', getHref: () => '/about' },
  howToPlay: { path: '/how-to-play', title: 'How to play', getHref: () => '/how-to-play' },
  contact: { path: '/contact', title: 'Contact', getHref: () => '/contact' },
  termsConditions: { path: '/terms-conditions', title: 'Terms and conditions', getHref: () => '/terms-conditions' },
  privacyPolicy: { path: '/privacy-policy', title: 'Privacy policy', getHref: () => '/privacy-policy' },
  responsibleGaming: {
    path: '/responsible-gaming',
    title: 'Responsible gaming',
    getHref: () => '/responsible-gaming',
  },
  lotteryRules: { path: '/lottery-rules', title: 'Lottery rules', getHref: () => '/lottery-rules' },
  faqs: { path: '/faqs', title: 'FAQs', getHref: () => '/faqs' },
  forgotPassword: { path: '/forgot-password', title: 'Forgot password', getHref: () => '/forgot-password' },
  otpChangePassword: {
    path: '/otp-change-password',
    title: 'Change password with OTP',
    getHref: () => '/otp-change-password',
  },
  notFound: { path: '*', title: 'Not Found', getHref: () => '/not-found' },

  user: {
    root: { path: '/user', title: 'My account', getHref: () => '/user' },
    profile: { path: '/user/profile', title: 'Profile', getHref: () => '/user/profile' },
    myLottery: { path: '/user/my-lottery', title: 'My lottery', getHref: () => '/user/my-lottery' },
    deposit: { path: '/user/deposit', title: 'Deposit', getHref: () => '/user/deposit' },
    withdrawal: { path: '/user/withdrawal', title: 'Withdrawal', getHref: () => '/user/withdrawal' },
    bankAccount: { path: '/user/bank-account', title: 'Bank account', getHref: () => '/user/bank-account' },
    transactions: { path: '/user/transactions', title: 'Transactions', getHref: () => '/user/transactions' },
    taxStatement: { path: '/user/tax-statement', title: 'Tax statement', getHref: () => '/user/tax-statement' },
  },

  boss: {
    login: { path: '/boss', title: 'Admin login', getHref: () => '/boss' },
    dashboard: { path: '/boss/dashboard', title: 'Dashboard', getHref: () => '/boss/dashboard' },
    games: { path: '/boss/games', title: 'Games', getHref: () => '/boss/games' },
    gameDraws: {
      path: '/boss/games/:id/draws',
      title: 'Game draws',
      getHref: (id: string | number) => `/boss/games/${id}/draws`,
    },
    users: { path: '/boss/users', title: 'Users', getHref: () => '/boss/users' },
    user: { path: '/boss/users/:slug', title: 'User', getHref: (slug: string) => `/boss/users/${slug}` },
    transactions: { path: '/boss/transactions', title: 'Transactions', getHref: () => '/boss/transactions' },
    accounts: { path: '/boss/accounts', title: 'Accounts', getHref: () => '/boss/accounts' },
    approvals: { path: '/boss/approvals', title: 'Approvals', getHref: () => '/boss/approvals' },
    identityReviews: {
      path: '/boss/identity-reviews',
      title: 'Identity reviews',
      getHref: () => '/boss/identity-reviews',
    },
    players: {
      path: '/boss/players/:slug',
      title: 'Players',
      getHref: (slug: string) => `/boss/players/${slug}`,
    },
    contacts: { path: '/boss/contacts', title: 'Contacts', getHref: () => '/boss/contacts' },
    activities: { path: '/boss/activities', title: 'Activities', getHref: () => '/boss/activities' },
    changePassword: {
      path: '/boss/change-password',
      title: 'Change password',
      getHref: () => '/boss/change-password',
    },
    compliance: { path: '/boss/compliance', title: 'Compliance', getHref: () => '/boss/compliance' },
    settings: { path: '/boss/settings', title: 'Settings', getHref: () => '/boss/settings' },
    marquee: { path: '/boss/marquee', title: 'Marquee', getHref: () => '/boss/marquee' },
    risk: { path: '/boss/risk', title: 'Risk', getHref: () => '/boss/risk' },
    marqueeMessage: {
      path: '/boss/marquees/:slug',
      title: 'Marquee message',
      getHref: (slug: string) => `/boss/marquees/${slug}`,
    },
  },
} as const;

export const PRODUCT_NAME = 'Ayo Lotto';

/** `Ayo Lotto | Home` — docs/product.md §14: the product name followed by the route name. */
export function pageTitle(routeName: string): string {
  return `${PRODUCT_NAME} | ${routeName}`;
}
