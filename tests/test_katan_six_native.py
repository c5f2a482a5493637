"""The app's LAN protocol stops at four seats: at a five- or six-seat Katan
table an app phone is refused a seat with the reason, while this project's
own terminal client, which draws any seat count, still sits down."""

from native_support import QUICK, AppClient

from daemon.core import Daemon
from daemon.model import Origin
from daemon.store import MemoryStore
from frontends.native.host import LanHost
from frontends.native.link import LinkLimits
from frontends.native.tcp import TcpListener


async def test_an_app_phone_is_refused_at_a_six_seat_table_and_the_terminal_is_not() -> None:
    daemon = Daemon(MemoryStore(), policy=QUICK)
    table = await daemon.open_table("katan", origin=Origin(frontend="native"), seats=6)
    host = LanHost(table, name="Pi", limits=LinkLimits(), v1_resend_delay=0.05)
    listener = TcpListener(host, ["127.0.0.1"])
    await listener.start()
    phone = await AppClient.connect("127.0.0.1", listener.port)
    terminal = await AppClient.connect("127.0.0.1", listener.port)
    try:
        await phone.hello("dev", "Ann")
        welcome = await phone.until("welcome")
        assert not welcome.accepted
        assert welcome.reason == "This table has 6 seats; the app seats at most 4."
        await terminal.send_line(
            '{"t":"hello","peerId":"t","displayName":"T","protocol":2,"client":"plgames-terminal"}'
        )
        assert (await terminal.until("welcome")).accepted
        assert sum(seat.identity is not None for seat in table.meta.seats) == 1
    finally:
        await phone.close()
        await terminal.close()
        host.close()
        await listener.close()
        await daemon.shutdown(0.1)
