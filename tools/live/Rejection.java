package live;

/// A request the server turns down: the HTTP status and a sentence saying why.
final class Rejection extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final int status;

    Rejection(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }
}
