// Demo content for a first start: ten services across the spec's categories, three banners and generated artwork,
// so a newcomer sees a complete site. Written in the practitioner's voice:
// first person, gentle, plain English, and no medical or guaranteed-outcome claims.
import { TestimonialInputSchema } from '../../shared/schemas/testimonial';
import { DEMO_TESTIMONIALS } from './demo-testimonials';
import { BannerInputSchema, type BannerFormValues } from '../../shared/schemas/banner';
import { ServiceInputSchema, type ServiceFormValues } from '../../shared/schemas/service';
import { SITE_SETTINGS_DEFAULTS, SiteSettingsInputSchema } from '../../shared/schemas/site-settings';
import { contentKey, mediaUrlForKey, sha256Hex } from '../media/objects';
import type { MediaStore } from '../media/types';
import type { Stores } from '../stores/types';
import { renderArt, type ArtSpec, type Motif, type PaletteName } from './art';
import { bumpContentVersion } from '../stores/content-version';
import { DEMO_CONTACT } from '../../shared/sample-texts';
import { DEFAULT_AVAILABILITY } from '../../shared/schemas/availability';

const SERVICE_ART = { width: 1200, height: 800 } as const;
const BANNER_ART = { width: 1920, height: 800, focusX: 0.7 } as const;

/** Booking happens on an external scheduler; the demo points at a reserved example domain, never a real one. */
const booking = (slug: string) => `https://booking.example.com/soul-guidance/${slug}`;

const NOTE_DISCLAIMER =
  'A reading is a space for reflection, not a prediction or a promise, and it is not a substitute for medical, psychological, legal or financial advice.';

interface DemoService {
  slug: string;
  art: { motif: Motif; palette: PaletteName };
  fields: ServiceFormValues;
}

/** In the order the site lists them (newest first), so they are created from last to first. */
const SERVICES: DemoService[] = [
  {
    slug: 'akashic-records-reading',
    art: { motif: 'akashic', palette: 'night' },
    fields: {
      name: 'Akashic Records Reading',
      // Alt text of the generated picture (art.ts draws an open book, light rising from its pages).
      imageAlt: 'An open book in gold lines on night blue, light rising from its pages',
      category: 'Akashic Records Reading',
      shortDescription:
        'A calm, one-to-one reading of your soul’s records, for the questions that keep returning to you.',
      description:
        'In this session I open your Akashic Records with a short prayer and read for the questions you bring. We go at your pace. Some people come with one big question about a relationship or a crossroads at work; others come with a quiet feeling that something needs to change. I share what I receive in plain words, and we talk it through together, so you leave with something you can hold on to rather than a list of predictions.',
      price: 2500,
      offerPrice: 1999,
      duration: '60 minutes',
      deliveryMethod: 'Video Call',
      availability: 'Monday to Saturday, 10 AM to 7 PM IST',
      bookingLink: booking('akashic-records-reading'),
      // Booked on this site (docs/bookings.md): the visitor picks a time and answers these before paying.
      bookingMode: 'site',
      sessionMinutes: 60,
      intakeQuestions: [
        { id: 'full-name', question: 'Your full name as you use it today', required: true },
        { id: 'questions', question: 'What would you like to ask in the reading?', required: false },
      ],
      whatIsThis:
        'The Akashic Records are often described as an energetic library of every soul’s journey. When I read them, I am listening for guidance that helps you understand your patterns and choices with more kindness. It is not fortune telling: the records speak about where you are and what may help, and the choices stay yours.',
      whatCanBeAsked: [
        {
          category: 'Relationships',
          questions: [
            'Why do I keep meeting the same kind of partner?',
            'What can I learn from my relationship with my mother?',
            'How can I let go of a friendship that has ended?',
          ],
        },
        {
          category: 'Career and purpose',
          questions: [
            'Is this the right time to change my work?',
            'What is holding me back from starting something of my own?',
          ],
        },
        {
          category: 'Inner life',
          questions: ['Why do I feel stuck even when things are going well?', 'What does my soul want me to know now?'],
        },
      ],
      processDescription:
        'After you book, I send you a short form for your full name and the questions you would like to ask. At the start of the call I open your records, then read for each question in turn, leaving time for you to ask more. I close the records at the end and send you a short written summary within two days.',
      preparation:
        'Write down three to five open questions: “what” and “how” questions tend to bring clearer answers than “will” or “when”. Find a quiet place where you will not be interrupted, and keep water and a notebook nearby.',
      afterCare:
        'Give yourself a gentle evening. Drink water, journal anything that stayed with you, and notice what comes up over the next few days. You are welcome to write to me with a short follow-up question within a week.',
      benefits: [
        'A clearer view of patterns that keep repeating',
        'Words for feelings that were hard to name',
        'A calm space to ask what you have been carrying',
        'A written summary to come back to',
      ],
      prerequisites: [
        'You are 18 or older',
        'Your full name as you use it today',
        'A quiet space and a stable connection',
      ],
      whatToExpected: ['A short opening prayer', 'Reading for each of your questions', 'A written summary afterwards'],
      faq: [
        {
          question: 'Do I need to believe in the Akashic Records?',
          answer: 'No. Come with an open mind and your honest questions; that is enough.',
        },
        {
          question: 'Can you tell me exactly what will happen?',
          answer:
            'I don’t predict fixed outcomes. The records speak about patterns and possibilities, and your choices shape what happens.',
        },
        {
          question: 'Is the session recorded?',
          answer: 'If you would like a recording, tell me at the start and I will share it with you privately.',
        },
      ],
      tags: ['Akashic Records', 'soul guidance', 'clarity'],
      note: `Please book at least a day ahead. ${NOTE_DISCLAIMER}`,
      isActive: true,
      isFeatured: true,
    },
  },
  {
    slug: 'tarot-reading-love-and-relationships',
    art: { motif: 'tarot', palette: 'plum' },
    fields: {
      name: 'Tarot Reading: Love & Relationships',
      category: 'Tarot Reading',
      shortDescription:
        'A gentle tarot spread for matters of the heart: a new connection, a long partnership or an ending.',
      description:
        'We lay the cards together over a video call, and I talk you through each one as it turns. I use tarot as a mirror: it helps us look at what you feel, what you hope for and what you may be avoiding. You will see every card, and I will explain the images so the reading stays with you after we finish.',
      price: 1500,
      offerPrice: 1200,
      duration: '45 minutes',
      deliveryMethod: 'Video Call',
      availability: 'Every day, 11 AM to 8 PM IST',
      bookingLink: booking('tarot-love'),
      whatIsThis:
        'Tarot is a deck of 78 cards whose pictures speak to common human experiences. In a relationship reading, the spread looks at you, the other person and the space between you.',
      whatCanBeAsked: [
        {
          category: 'A new connection',
          questions: ['What should I know about this person?', 'What am I looking for in a partner right now?'],
        },
        {
          category: 'A long relationship',
          questions: ['How can we communicate better?', 'What does our relationship need from me?'],
        },
        {
          category: 'After a break-up',
          questions: ['How can I heal and move on?', 'What is this ending teaching me?'],
        },
      ],
      processDescription:
        'You share your question at the start. I shuffle and lay a seven-card relationship spread, read it card by card, and then we talk about what stood out for you.',
      preparation:
        'Think about one relationship you would like to look at, and what you would most like to understand.',
      afterCare:
        'I send a photo of your spread after the call. Look at it again in a week and notice what has shifted.',
      benefits: [
        'A kinder view of yourself in the relationship',
        'Ideas for an honest conversation',
        'Space to feel what you feel',
      ],
      prerequisites: ['You are 18 or older'],
      whatToExpected: ['A seven-card spread', 'A photo of your cards'],
      faq: [
        {
          question: 'Can you tell me if they will come back?',
          answer:
            'I don’t read other people’s minds or promise outcomes. We look at your side of the story and what may help you.',
        },
        {
          question: 'Can I ask about more than one person?',
          answer: 'Yes, though one relationship per session usually gives a clearer reading.',
        },
      ],
      tags: ['tarot', 'love', 'relationships'],
      note: NOTE_DISCLAIMER,
      isActive: true,
      isFeatured: true,
    },
  },
  {
    slug: 'karmic-healing-programme',
    art: { motif: 'karmic', palette: 'plum' },
    fields: {
      name: 'Karmic Healing Programme (3 sessions)',
      category: 'Karmic Healing',
      shortDescription:
        'Three sessions over three weeks to gently look at and release patterns that seem to follow you from the past.',
      description:
        'This is my deepest piece of work. Across three sessions we read your records for a recurring pattern (in love, money, family or work), explore where it may have begun, and work with prayer, forgiveness practices and simple daily rituals to loosen its hold. Between sessions I stay in touch by message, so you are never left alone with what comes up.',
      price: 11000,
      duration: '3 sessions of 60 minutes, one a week',
      deliveryMethod: 'Video Call',
      availability: 'Start dates each Monday; limited places each month',
      bookingLink: booking('karmic-healing'),
      whatIsThis:
        'Karmic healing works with the idea that some of our patterns carry lessons from earlier in this life or from other lives. Rather than blaming the past, we try to understand it, so that you can meet the same situation with new choices.',
      whatCanBeAsked: [
        {
          category: 'Patterns',
          questions: ['Why does the same situation keep happening to me?', 'Is there a family pattern I am carrying?'],
        },
        {
          category: 'Release',
          questions: ['What do I need to forgive, in myself or others?', 'What can I let go of now?'],
        },
      ],
      processDescription:
        'Session one: reading your records to find the pattern we will work with. Session two: exploring its roots and a guided forgiveness practice. Session three: closing the work, with a short ritual you can keep using at home.',
      preparation:
        'Keep a journal during the three weeks. Before the first session, note when you first remember the pattern.',
      afterCare:
        'Change often unfolds slowly. Keep the daily practice for forty days if it feels right, and be patient and kind with yourself.',
      benefits: [
        'Understanding where a pattern may come from',
        'Practices you can keep using on your own',
        'Support by message between sessions',
        'A steady, unhurried pace over three weeks',
      ],
      prerequisites: ['You are 18 or older', 'You can commit to three weekly sessions'],
      whatToExpected: ['Three video sessions', 'Messages between sessions', 'A home practice'],
      faq: [
        {
          question: 'Will this remove my karma?',
          answer:
            'I can’t promise that anything is removed. The work helps you understand a pattern and meet it differently, which many people find freeing.',
        },
        {
          question: 'Can I pay in instalments?',
          answer: 'Yes. Write to me before booking and we can split the fee across the three weeks.',
        },
      ],
      tags: ['karmic healing', 'patterns', 'forgiveness'],
      note: `This programme works alongside, never instead of, care from doctors or therapists. ${NOTE_DISCLAIMER}`,
      isActive: true,
      isFeatured: true,
    },
  },
  {
    slug: 'maha-kali-healing',
    art: { motif: 'kali', palette: 'kali' },
    fields: {
      name: 'Maha Kali Healing',
      category: 'Maha Kali Healing',
      shortDescription:
        'A distance healing session in the energy of Maha Kali, for when you feel heavy, fearful or ready to let something go.',
      description:
        'Maha Kali is the fierce, protective mother who cuts through what no longer serves. In this session I hold a healing space for you from a distance while you rest at home. We begin and end on a call, so you can share what you feel and ask anything you like.',
      price: 3333,
      duration: '60 minutes',
      deliveryMethod: 'Video Call',
      availability: 'Tuesdays and Fridays, 6 PM to 9 PM IST',
      bookingLink: booking('maha-kali-healing'),
      whatIsThis:
        'A devotional healing practice that calls on Maha Kali’s energy of courage and release. It is spiritual support for your inner life.',
      whatCanBeAsked: [
        {
          category: 'Letting go',
          questions: ['What am I holding on to that I could release?', 'Where does my fear come from?'],
        },
      ],
      processDescription:
        'A short talk about what you would like support with, about forty minutes of healing while you rest with your camera off, and a closing conversation about what you noticed.',
      preparation: 'Eat lightly beforehand. Lie or sit comfortably somewhere quiet, and wear something loose.',
      afterCare:
        'Rest, drink water and keep the evening gentle. Emotions may come up over the next days; let them move.',
      benefits: ['A protected space to let go', 'A feeling of courage to face what is next', 'Time to rest deeply'],
      prerequisites: ['You are 18 or older'],
      whatToExpected: ['An opening talk', 'A quiet healing time', 'A closing conversation'],
      faq: [
        {
          question: 'Do I need to follow Hindu practices?',
          answer: 'No. You are welcome whatever your background or beliefs.',
        },
        {
          question: 'Can this treat an illness?',
          answer:
            'No. This is spiritual support, not medical treatment. Please keep seeing your doctor for any health concern.',
        },
      ],
      tags: ['healing', 'Maha Kali', 'release'],
      note: NOTE_DISCLAIMER,
      isActive: true,
      isFeatured: true,
    },
  },
  {
    slug: 'soul-purpose-reading',
    art: { motif: 'soulPurpose', palette: 'ember' },
    fields: {
      name: 'Soul Purpose Reading',
      category: 'Soul Purpose Reading',
      shortDescription:
        'For the times you ask “what am I here for?” A reading about your gifts, your path and your next step.',
      description:
        'I know what it is to balance a practical path with a deeper calling. In this reading we look at your natural gifts, the themes your soul keeps returning to and one or two small steps you could take next. It suits students, people changing careers and anyone who feels they have outgrown their current life.',
      price: 2100,
      offerPrice: 1800,
      duration: '60 minutes',
      deliveryMethod: 'Video Call',
      availability: 'Weekends, 10 AM to 6 PM IST',
      bookingLink: booking('soul-purpose'),
      whatIsThis:
        'A reading that draws on the Akashic Records to look at purpose as a direction rather than a single job title.',
      whatCanBeAsked: [
        {
          category: 'Gifts',
          questions: ['What am I naturally good at that I overlook?', 'What kind of work feels meaningful to me?'],
        },
        { category: 'Next steps', questions: ['What small step can I take this month?', 'What is holding me back?'] },
      ],
      processDescription:
        'We begin with what feels unsettled for you, I read for your gifts and themes, and we end by turning what came up into a few practical next steps.',
      preparation: 'Write down moments in your life when you felt most alive, and one change you keep thinking about.',
      afterCare: 'Take one small step within two weeks, however small, and notice how it feels.',
      benefits: ['Clarity about your strengths', 'A direction that feels like yours', 'Practical next steps'],
      prerequisites: [],
      whatToExpected: ['A reading for your gifts', 'A short list of next steps'],
      faq: [
        {
          question: 'Will you tell me which career to choose?',
          answer:
            'I will share what I receive about your gifts and direction, but the decision is always yours. For career or financial decisions, a qualified adviser is the right person to ask.',
        },
      ],
      tags: ['life purpose', 'career', 'guidance'],
      note: NOTE_DISCLAIMER,
      isActive: true,
      isFeatured: true,
    },
  },
  {
    slug: 'akashic-mini-reading',
    art: { motif: 'lotus', palette: 'dusk' },
    fields: {
      name: 'Akashic Mini Reading: Three Questions',
      category: 'Akashic Records Reading',
      shortDescription: 'A shorter reading for up to three questions: a kind first step into the Akashic Records.',
      description:
        'If you are curious about the Akashic Records but not sure where to begin, this short call is for you. We focus on up to three questions and keep things simple and warm.',
      price: 1111,
      duration: '30 minutes',
      deliveryMethod: 'Audio Call',
      availability: 'Check booking link for availability',
      bookingLink: booking('akashic-mini'),
      whatIsThis: 'A shorter version of my Akashic Records reading, for up to three questions.',
      whatCanBeAsked: [
        {
          category: 'Anything on your heart',
          questions: ['What do I most need to know right now?', 'How can I take better care of myself?'],
        },
      ],
      processDescription:
        'I open your records, read for your questions one by one, and close them at the end of the call.',
      preparation: 'Choose your three questions in advance and keep them open-ended.',
      afterCare: 'Jot down what stayed with you after the call.',
      benefits: ['A gentle introduction to the records', 'Focused answers to what matters most now'],
      prerequisites: ['You are 18 or older'],
      whatToExpected: ['Up to three questions', 'A warm, unhurried call'],
      faq: [
        {
          question: 'Can I book a full reading afterwards?',
          answer: 'Of course. Many people start here and come back for a longer session.',
        },
      ],
      tags: ['Akashic Records', 'first reading'],
      note: NOTE_DISCLAIMER,
      isActive: true,
      isFeatured: true,
    },
  },
  {
    slug: 'past-life-regression',
    art: { motif: 'pastLife', palette: 'dusk' },
    fields: {
      name: 'Past Life Regression',
      category: 'Past Life Regression',
      shortDescription:
        'A guided, deeply relaxing journey to explore a past-life story that may shed light on your life today.',
      description:
        'I guide you into a deep, comfortable state of relaxation and invite a memory or image to come forward. You stay aware and in control the whole time. Afterwards we talk about what you saw and what it might mean for you now.',
      price: 5100,
      offerPrice: 4500,
      duration: '90 minutes',
      deliveryMethod: 'Video Call',
      availability: 'Sundays, by appointment',
      bookingLink: booking('past-life-regression'),
      whatIsThis:
        'Past life regression is a guided relaxation in which people often experience images and feelings they understand as memories of another life. Whatever you believe about them, these stories can be meaningful to reflect on.',
      whatCanBeAsked: [
        {
          category: 'Themes',
          questions: ['Is there a past life connected to my fear of water?', 'Have I known my partner before?'],
        },
      ],
      processDescription:
        'A conversation about your intention, a guided relaxation of about forty-five minutes, a slow return, and time to talk it through.',
      preparation:
        'Use headphones, lie down somewhere you won’t be disturbed, and avoid caffeine for a few hours beforehand.',
      afterCare: 'Write down what you remember as soon as you can; details fade quickly, like dreams.',
      benefits: ['Deep relaxation', 'A new story to reflect on', 'Insight into a fear or attraction'],
      prerequisites: [
        'You are 18 or older',
        'If you live with epilepsy or a psychotic condition, or are going through a crisis, please talk to me before booking',
      ],
      whatToExpected: ['A guided relaxation', 'A gentle return', 'Time to talk'],
      faq: [
        {
          question: 'What if I don’t see anything?',
          answer:
            'That happens sometimes, and it is fine. Some people feel rather than see; we work with whatever comes.',
        },
        {
          question: 'Can I get stuck in a past life?',
          answer: 'No. You stay aware throughout and can open your eyes at any moment.',
        },
      ],
      tags: ['past life', 'regression', 'relaxation'],
      note: `Please tell me about any mental health condition before booking. ${NOTE_DISCLAIMER}`,
      isActive: true,
      isFeatured: false,
    },
  },
  {
    slug: 'energy-cleansing',
    art: { motif: 'cleansing', palette: 'deep' },
    fields: {
      name: 'Energy Cleansing Session',
      category: 'Energy Cleansing',
      shortDescription:
        'A short distance session to help you feel lighter after a draining time, a move or a difficult event.',
      description:
        'Sometimes we simply feel heavy, as if we are carrying more than our own load. In this session I work from a distance to cleanse and balance your energy while you rest, and share what I noticed afterwards.',
      price: 1800,
      duration: '40 minutes',
      deliveryMethod: 'Audio Call',
      availability: 'Every day, 8 AM to 8 PM IST',
      bookingLink: booking('energy-cleansing'),
      whatIsThis:
        'A gentle energy practice using intention, prayer and visualisation to help you feel clear and grounded.',
      whatCanBeAsked: [],
      processDescription:
        'A brief check-in, about thirty minutes of quiet work while you rest, and a short closing call.',
      preparation: 'Open a window if you can, and have a glass of water ready.',
      afterCare: 'A salt bath or a walk outdoors can help you settle afterwards.',
      benefits: ['A feeling of lightness', 'A calm pause in a busy week', 'Simple grounding practices to keep'],
      prerequisites: [],
      whatToExpected: ['A check-in', 'Quiet healing time', 'A short closing call'],
      faq: [
        {
          question: 'Can you cleanse my home as well?',
          answer: 'Yes. Mention it when you book and I will include a short practice for your space.',
        },
      ],
      tags: ['energy', 'cleansing', 'grounding'],
      note: NOTE_DISCLAIMER,
      isActive: true,
      isFeatured: false,
    },
  },
  {
    slug: 'pendulum-dowsing',
    art: { motif: 'pendulum', palette: 'deep' },
    fields: {
      name: 'Pendulum Dowsing: Quick Guidance',
      category: 'Pendulum Dowsing',
      shortDescription: 'A short chat session for simple yes-or-no questions, answered with my pendulum.',
      description:
        'For everyday decisions where you would like a little gentle guidance. You send your questions by chat, I dowse for each one and reply with what the pendulum shows and a few words of reflection.',
      price: 777,
      duration: '20 minutes',
      deliveryMethod: 'Chat',
      availability: 'Check booking link for availability',
      bookingLink: booking('pendulum-dowsing'),
      whatIsThis:
        'Dowsing uses a pendulum to answer clear yes-or-no questions. I treat its answers as guidance to reflect on, not as rules.',
      whatCanBeAsked: [
        {
          category: 'Everyday choices',
          questions: ['Is this a good week to start my new routine?', 'Is this crystal right for me?'],
        },
      ],
      processDescription: 'You send up to five questions in the chat; I dowse and reply to each within the session.',
      preparation: 'Phrase each question so it can be answered with yes or no.',
      afterCare: 'Let the answers sit with you for a day before acting on anything important.',
      benefits: ['Quick, focused guidance', 'A light-hearted way to check in with yourself'],
      prerequisites: [],
      whatToExpected: ['Up to five questions', 'Replies in the chat'],
      faq: [
        {
          question: 'Can I ask about health or legal matters?',
          answer: 'Please don’t. For those, a doctor or a lawyer is the right person to ask.',
        },
      ],
      tags: ['pendulum', 'dowsing', 'quick guidance'],
      note: NOTE_DISCLAIMER,
      isActive: true,
      isFeatured: false,
    },
  },
  {
    slug: 'tarot-by-email',
    art: { motif: 'astrology', palette: 'night' },
    fields: {
      name: 'Tarot by Email: One Question',
      category: 'Tarot Reading',
      shortDescription:
        'One question, a three-card spread, and a thoughtful written reply in your inbox within 48 hours.',
      description:
        'If you prefer to read in your own time, send me one question and I will lay a three-card spread for you. You receive a photo of the cards and a written reading of about 500 words.',
      price: 999,
      duration: 'Written reply within 48 hours',
      deliveryMethod: 'Email',
      availability: 'Requests answered in the order they arrive',
      bookingLink: booking('tarot-by-email'),
      whatIsThis: 'A written tarot reading for one question, with a past, present and path-ahead spread.',
      whatCanBeAsked: [
        { category: 'One clear question', questions: ['What do I need to understand about my current job?'] },
      ],
      processDescription:
        'You book and send your question, I lay the spread, and I write your reading within two days.',
      preparation: 'Give a little background with your question, a few sentences are plenty.',
      afterCare: 'Keep the email and read it again after a month.',
      benefits: ['A reading to keep and reread', 'No need to be on a call'],
      prerequisites: [],
      whatToExpected: ['A photo of your spread', 'About 500 words of reading'],
      faq: [
        {
          question: 'Can I ask follow-up questions?',
          answer: 'You can reply once with a short follow-up, and I will answer it briefly.',
        },
      ],
      tags: ['tarot', 'email', 'written reading'],
      note: NOTE_DISCLAIMER,
      isActive: true,
      isFeatured: false,
    },
  },
  {
    slug: 'discovery-call',
    art: { motif: 'guidance', palette: 'plum' },
    fields: {
      name: 'Discovery Call',
      category: 'Soul Purpose Reading',
      shortDescription:
        'A free 20-minute call to meet, talk about what you are looking for, and find the session that suits you.',
      description:
        'Not sure where to begin? Book a short call with me. You tell me a little about what is on your mind, I explain how my sessions work, and together we see whether a reading, healing or nothing at all is right for you now. There is no cost and no obligation.',
      price: 0,
      duration: '20 minutes',
      deliveryMethod: 'Video Call',
      availability: 'Monday to Saturday, 10 AM to 6 PM IST',
      bookingLink: '',
      bookingMode: 'site',
      sessionMinutes: 20,
      intakeQuestions: [{ id: 'hoping-for', question: 'What would you like to talk about?', required: false }],
      whatIsThis:
        'A short, free conversation before any session, so you can ask your questions and get a feel for my work.',
      whatCanBeAsked: [
        {
          category: 'Getting started',
          questions: ['Which session would suit my question?', 'How does an Akashic Records reading work?'],
        },
      ],
      processDescription:
        'Pick a time that suits you. You receive a confirmation with the call link; at the time, we talk for about twenty minutes.',
      preparation: 'Nothing to prepare. A quiet place helps.',
      afterCare: 'Take your time to decide. If you would like a session, you can book it whenever you are ready.',
      benefits: ['Meet me before booking a paid session', 'Find the session that fits your question'],
      prerequisites: ['You are 18 or older'],
      whatToExpected: ['A relaxed, unhurried conversation', 'An honest suggestion, even if it is “not now”'],
      faq: [
        {
          question: 'Is it really free?',
          answer: 'Yes. There is nothing to pay and you are under no obligation to book anything afterwards.',
        },
      ],
      tags: ['discovery call', 'free', 'getting started'],
      note: NOTE_DISCLAIMER,
      isActive: true,
      isFeatured: false,
    },
  },
];

interface DemoBanner {
  art: { motif: Motif; palette: PaletteName };
  /** The service the banner points at, by slug; otherwise `fields.link` is used as given. */
  linkToService?: string;
  fields: BannerFormValues;
}

const BANNERS: DemoBanner[] = [
  {
    art: { motif: 'lotus', palette: 'night' },
    fields: {
      title: 'Find clarity in the Akashic Records',
      description: 'Gentle one-to-one readings, online from wherever you are.',
      link: '/service',
      order: 0,
      mediaUrl: '',
      isActive: true,
    },
  },
  {
    art: { motif: 'karmic', palette: 'plum' },
    linkToService: 'karmic-healing-programme',
    fields: {
      title: 'Karmic Healing Programme',
      description: 'Three unhurried weeks to understand and release a pattern that keeps returning.',
      link: '/service',
      order: 1,
      mediaUrl: '',
      isActive: true,
    },
  },
  {
    art: { motif: 'guidance', palette: 'ember' },
    fields: {
      title: 'A safe space for your questions',
      description: 'Every reading begins with listening. Read a little about me and how I work.',
      link: '/about',
      order: 2,
      mediaUrl: '',
      isActive: true,
    },
  },
];

/** Renders one picture and stores it under its content key; the record points at `/media/<key>`. */
async function storeArt(media: MediaStore, spec: ArtSpec): Promise<string> {
  const art = await renderArt(spec);
  const key = contentKey(sha256Hex(art.data), art.ext);
  if (!(await media.stat(key))) await media.put(key, art.data, art.contentType);
  return mediaUrlForKey(key);
}

/** Runs `work` over `items` with at most `limit` at a time (rasterising is CPU-bound; the machine has two cores). */
async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Demo contact details: placeholders for the practitioner's own (src/shared/sample-texts.ts). */
export { DEMO_CONTACT };

/** The footer's 'Our Services' in the demo: the spec's four areas, as demo services. */
const DEMO_FOOTER_SERVICES = [
  'akashic-records-reading',
  'karmic-healing-programme',
  'soul-purpose-reading',
  'tarot-reading-love-and-relationships',
] as const;

export interface SeedResult {
  services: number;
  banners: number;
}

/**
 * Fills an empty store with the demo content and its pictures. Does nothing (and says so with zeros) when any
 * service or banner exists, so it can never duplicate or overwrite someone's content. Callers keep it out of
 * production (scripts/serve.ts, scripts/seed.ts).
 */
export async function seedDemoContent(stores: Stores, media: MediaStore): Promise<SeedResult> {
  if (!(await isContentEmpty(stores))) return { services: 0, banners: 0 };

  // Validate everything before writing anything: a typo in the demo text must not leave half a seed behind.
  const services = SERVICES.map((s) => ({ ...s, input: ServiceInputSchema.parse(s.fields) }));
  const banners = BANNERS.map((b) => ({ ...b, input: BannerInputSchema.parse(b.fields) }));

  const serviceImages = await mapLimited(services, 2, (s) =>
    storeArt(media, { seed: s.slug, ...s.art, ...SERVICE_ART }),
  );
  const bannerImages = await mapLimited(banners, 2, (b) =>
    storeArt(media, { seed: b.input.title, ...b.art, ...BANNER_ART }),
  );

  // Newest first on the site, so the first service in the list is created last.
  const idsBySlug = new Map<string, string>();
  for (let i = services.length - 1; i >= 0; i -= 1) {
    const service = services[i];
    if (!service) continue;
    const created = await stores.services.create({
      ...service.input,
      slug: service.slug,
      image: serviceImages[i] ?? '',
    });
    idsBySlug.set(service.slug, created._id);
  }

  for (const [i, banner] of banners.entries()) {
    const { mediaType: _type, mediaUrl: _url, ...fields } = banner.input;
    await stores.banners.create({
      ...fields,
      // The service's readable address (its slug is the demo key); an id address would work too, by redirect.
      link:
        banner.linkToService && idsBySlug.has(banner.linkToService) ? `/service/${banner.linkToService}` : fields.link,
      mediaType: 'image',
      mediaUrl: bannerImages[i] ?? '',
    });
  }

  for (const [order, demo] of DEMO_TESTIMONIALS.entries()) {
    if (demo.service && !idsBySlug.has(demo.service)) throw new Error(`Demo testimonial for unknown ${demo.service}`);
    const input = TestimonialInputSchema.parse({
      ...demo.fields,
      serviceId: demo.service ? idsBySlug.get(demo.service) : undefined,
    });
    await stores.testimonials.create({ ...input, order });
  }

  // The practitioner's settings: the defaults (the spec's texts) with demo contact details and the footer's four
  // services (docs/site-settings.md). A real practitioner replaces them on the portal's Site screen.
  if (!(await stores.settings.get())) {
    const footerIds = DEMO_FOOTER_SERVICES.map((slug) => idsBySlug.get(slug)).filter((id) => id !== undefined);
    await stores.settings.put(
      SiteSettingsInputSchema.parse({
        ...SITE_SETTINGS_DEFAULTS,
        contact: { ...SITE_SETTINGS_DEFAULTS.contact, ...DEMO_CONTACT },
        footer: { ...SITE_SETTINGS_DEFAULTS.footer, serviceIds: footerIds },
      }),
    );
  }

  // Hours for the two services booked on this site: Monday to Saturday, 10:00 to 18:00 IST (docs/bookings.md).
  await stores.availability.put(structuredClone(DEFAULT_AVAILABILITY));

  // The content changed: a build made before this seed is now out of date.
  await bumpContentVersion(stores.meta);
  return { services: services.length, banners: banners.length };
}

/** True when the store holds no services and no banners (a first start). */
export async function isContentEmpty(stores: Stores): Promise<boolean> {
  const [services, banners] = await Promise.all([
    stores.services.list({ activeOnly: false, limit: 1 }),
    stores.banners.list({ activeOnly: false }),
  ]);
  return services.length === 0 && banners.length === 0;
}

/** The demo services' names, in the order the site lists them (tests check the built pages for them). */
export const DEMO_SERVICE_NAMES: readonly string[] = SERVICES.map((s) => s.fields.name);
