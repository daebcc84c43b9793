import { benchGateway, loginCookie, printTiming, time } from './support';

/** The calls every page makes: login info (each navigation) and the menu (once per session). */
export async function run() {
  const app = await benchGateway();
  const cookie = await loginCookie(app, 'corp-hr', true);
  const loginInfo = await time(2000, () =>
    app.inject({ method: 'GET', url: '/gateway/blocLegal/login/getLoginInfo?channelType=1', headers: { cookie } }),
  );
  printTiming('login info (session lookup), sequential', loginInfo);
  const concurrent = await time(
    2000,
    () =>
      app.inject({ method: 'GET', url: '/gateway/blocLegal/login/getLoginInfo?channelType=1', headers: { cookie } }),
    50,
  );
  printTiming('login info, 50 concurrent', concurrent);
  const menu = await time(500, () =>
    app.inject({
      method: 'POST',
      url: '/gateway/blocLegal/menu/getEcenterMenus',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'channelType=1',
    }),
  );
  printTiming('corporate menu tree', menu);
  await app.close();
}
