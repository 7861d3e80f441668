import { AnimatePresence, m, type Variants } from 'motion/react';
import { useLocation, useNavigationType } from 'react-router';
import { AppRoutes } from './routes';
import './page-transitions.css';

type Direction = 1 | -1;

// Forward: the new screen flies in from the right and the old one out to the left; back mirrors it.
const flyOut: Variants = {
  enter: (direction: Direction) => ({ x: `${direction * 100}%`, opacity: 1 }),
  center: { x: '0%', opacity: 1 },
  exit: (direction: Direction) => ({ x: `${direction * -35}%`, opacity: 0 }),
};

const transition = { duration: 0.3, ease: [0.22, 1, 0.36, 1] } as const;

export function PageTransitions() {
  const location = useLocation();
  const direction: Direction = useNavigationType() === 'POP' ? -1 : 1;

  return (
    <div className="page-transitions">
      <AnimatePresence initial={false} custom={direction}>
        <m.div
          key={location.pathname}
          className="page-frame"
          custom={direction}
          variants={flyOut}
          initial="enter"
          animate="center"
          exit="exit"
          transition={transition}
        >
          <AppRoutes location={location} />
        </m.div>
      </AnimatePresence>
    </div>
  );
}
