import { PAGINATION } from './business';

/** Field limits and their messages (spec §5), shared by the server's DTOs and the forms. */
export const LIMITS = {
  user: { usernameMin: 3, usernameMax: 100, emailMax: 255, passwordMin: 8, displayNameMax: 100 },
  contact: {
    nameMin: 2,
    nameMax: 100,
    emailMin: 5,
    emailMax: 100,
    messageMin: 10,
    messageMax: 1000,
    serviceMax: 50,
  },
  post: {
    titleMin: 3,
    titleMax: 255,
    formTitleMin: 5,
    slugMin: 3,
    slugMax: 255,
    contentMin: 10,
    formContentMin: 50,
    excerptMax: 500,
    metaTitleMax: 255,
    metaDescriptionMax: 300,
    formMetaDescriptionMax: 160,
    focusKeywordMax: 100,
    seoTitleMax: 70,
    seoDescriptionMax: 160,
  },
  category: { nameMin: 2, nameMax: 100 },
  tag: { nameMin: 2, nameMax: 100, slugMin: 2 },
  comment: { authorNameMin: 2, authorNameMax: 100, contentMin: 5, contentMax: 5000 },
  newsletter: { emailMax: 255 },
  referral: { codeMin: 6, codeMax: 20, discountMin: 1, discountMax: 50 },
  upload: { maxBytes: 10 * 1024 * 1024 },
  media: { altTextMax: 255, captionMax: 1000 },
  /** A staff note on a project's timeline or with a version they send. */
  project: { noteMax: 2000 },
  /** The blog search box, public and admin. */
  search: { max: 200 },
  settings: {
    blogNameMax: 100,
    siteDescriptionMax: 300,
    emailMax: 255,
    urlMax: 255,
    studioAddressMax: 500,
    vatNumberMax: 30,
  },
} as const;

export const LIMIT_MESSAGES = {
  search: `Search must be at most ${LIMITS.search.max} characters`,
  altText: `Alt text must be at most ${LIMITS.media.altTextMax} characters`,
  caption: `Caption must be at most ${LIMITS.media.captionMax} characters`,
  note: `The note is at most ${LIMITS.project.noteMax} characters.`,
} as const;

/** The one wording for an address that is not an email address, wherever it is checked. */
const INVALID_EMAIL = 'Please enter a valid email address.';

export const MESSAGES = {
  email: INVALID_EMAIL,
  passwordHint: 'Password must be at least 8 characters long.',
  contactService: 'Please select a valid service',
  postTitle: 'Title must be at least 5 characters',
  postSlugMin: 'Slug must be at least 3 characters',
  postContent: 'Content must be at least 50 characters',
  postMetaDescription: 'Meta description should be under 160 characters',
  slugPattern: 'Slug must contain only lowercase letters, numbers, and hyphens',
  postValidation: 'Validation Error: Please check all required fields and fix any errors.',
  nameRequired: 'Name is required',
  tagName: 'Tag name must be at least 2 characters',
  referralEmail: INVALID_EMAIL,
  referralEmailRequired: 'Please enter your email to use your referral code',
  testEmailRequired: 'Please enter a test email address',
  adminNotifyEmail: 'Please enter a valid email address for admin notifications',
  emailRequired: 'Email required',
  emailRequiredDescription: 'Please enter your email address to subscribe',
  unsafeText:
    'The request contains a character that is not allowed (a NUL byte or a broken Unicode character).',
  invalidRequest: 'The request is not valid.',
  inputTooDeep: 'The request is nested too deeply.',
  bodyNotObject: 'The request body must be a JSON object.',
  pageLimit: `limit must be a whole number from 1 to ${PAGINATION.maxLimit}`,
  pageOffset: `offset must be a whole number from 0 to ${PAGINATION.maxOffset}`,
} as const;

/** The contact form's field messages, shown by the form and sent back by the server. */
export const CONTACT_MESSAGES = {
  name: `Name must be between ${LIMITS.contact.nameMin} and ${LIMITS.contact.nameMax} characters`,
  email: INVALID_EMAIL,
  emailLength: `Email must be between ${LIMITS.contact.emailMin} and ${LIMITS.contact.emailMax} characters`,
  message: `Message must be between ${LIMITS.contact.messageMin} and ${LIMITS.contact.messageMax} characters`,
  service: MESSAGES.contactService,
} as const;

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
