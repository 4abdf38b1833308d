import { Link } from 'react-router-dom';
import { HomeSection } from './home-section';

interface ServiceCard {
  id: 'mixing' | 'mastering' | 'vocal' | 'restoration';
  name: string;
  description: string;
  features: [string, string, string, string];
}

/** The four service cards of spec §2 and §3. */
const SERVICES: ServiceCard[] = [
  {
    id: 'mixing',
    name: 'Professional Mixing',
    description: 'Every stem balanced, shaped and placed so the song hits hard and translates everywhere.',
    features: [
      'Balance, panning and depth',
      'EQ and compression on every stem',
      'Reverb, delay and creative effects',
      'Automation for movement and energy',
    ],
  },
  {
    id: 'mastering',
    name: 'Music Mastering',
    description: 'The final polish that makes your release loud, clear and consistent on every platform.',
    features: ['Loudness for streaming', 'Stereo enhancement', 'EQ and dynamics', 'Quality control'],
  },
  {
    id: 'vocal',
    name: 'Vocal Production',
    description: 'Lead and backing vocals that sound confident, in tune and right at the front of the mix.',
    features: ['Pitch correction', 'Comping the best takes', 'Vocal effects', 'Backing vocal arrangement'],
  },
  {
    id: 'restoration',
    name: 'Audio Restoration',
    description: 'Old, damaged or noisy recordings cleaned up and preserved without losing their character.',
    features: ['Noise removal', 'Click and crackle removal', 'De-essing', 'Archival preservation'],
  },
];

export function ServicesSection() {
  return (
    <HomeSection
      id="services"
      title="Services"
      lead="From a rough demo to a finished master, under one roof."
    >
      <ul className="services-grid">
        {SERVICES.map((service) => (
          <li key={service.id} className="service-card" data-service={service.id}>
            <h3 className="service-card__name">{service.name}</h3>
            <p className="service-card__description">{service.description}</p>
            <ul className="tick-list service-card__features">
              {service.features.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
            <Link to="/services-checkout" className="btn btn--outline btn--block">
              Learn More<span className="visually-hidden"> about {service.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
