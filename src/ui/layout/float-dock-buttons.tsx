import { LeftBar } from './left-bar.tsx';
import { RightBar } from './right-bar.tsx';
import { SideMenu } from './side-menu.tsx';

/** The floating buttons: the recent-games tab, the left bar and the customer-service bar. */
export default function FloatDockButtons() {
  return (
    <>
      <SideMenu />
      <LeftBar />
      <RightBar />
    </>
  );
}
